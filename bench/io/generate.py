#!/usr/bin/env python3
"""Regenerates the faulty versions (one edit of the reference each) and the test suites of bench/io.

Deterministic: `python3 bench/io/generate.py` rewrites every v*.c and suite file byte for byte.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# (set, version, original text, replacement, what the fault is); the original must occur exactly once.
FAULTS = [
    ("approach", "v1", "if (vertical_separation() >= 1000)", "if (vertical_separation() > 1000)",
     "boundary: separation of exactly 1000 ft counts as a threat"),
    ("approach", "v2", "if (conflict_time() > 40)", "if (conflict_time() > 60)",
     "wrong constant: a conflict up to 60 s away counts"),
    ("approach", "v3", "    if (own_alt > traffic_alt)", "    if (own_alt < traffic_alt)",
     "inverted comparison: climbs toward the traffic"),
    ("approach", "v4", "    return 15;", "    return 25;",
     "wrong constant: the low-visibility crosswind limit"),
    ("approach", "v5", "if (!runway_clear && own_alt < 300)", "if (!runway_clear && own_alt < 200)",
     "wrong constant: the runway check happens too low"),
    ("approach", "v6", "if (terrain < 200 && own_rate < 0)", "if (terrain < 200 || own_rate < 0)",
     "wrong operator: every descent is a terrain warning"),
    ("approach", "v7", "  return vertical_separation() < 600;", "  return vertical_separation() <= 600;",
     "boundary: 600 ft of separation counts as a threat"),
    ("grades", "v1", "    if (s >= 50)", "    if (s > 50)", "boundary: 50 does not pass"),
    ("grades", "v2", "min = 101", "min = 0", "wrong initial value: the minimum starts at 0"),
    ("grades", "v3", "sum / count", "(sum + count / 2) / count", "the average is rounded, not truncated"),
    ("grades", "v4", "if (s < 0 || s > 100)", "if (s < 0 || s >= 100)", "boundary: 100 is out of range"),
    ("grades", "v5", "for (int i = 0; i < n; i++)", "for (int i = 0; i <= n; i++)", "off by one: reads one score too many"),
    ("grades", "v6", "    if (s > max)", "    if (s > min)", "wrong variable: compares with the minimum"),
    ("dates", "v1", "y % 100 != 0", "y % 100 == 0", "inverted condition in the leap-year rule"),
    ("dates", "v2", " || y % 400 == 0;", ";", "missing case: years divisible by 400"),
    ("dates", "v3", "m == 9 || m == 11", "m == 9 || m == 12", "wrong constant: December has 30 days"),
    ("dates", "v4", "d > days_in(m, y)", "d >= days_in(m, y)", "boundary: the last day of a month is invalid"),
    ("dates", "v5", "for (int k = 1; k < m; k++)", "for (int k = 1; k <= m; k++)", "off by one: counts the month itself"),
    ("dates", "v6", "leap(y) ? 29 : 28", "leap(y) ? 28 : 29", "swapped branches: February"),
]


def versions():
    for name in sorted({f[0] for f in FAULTS}):
        ref = open(os.path.join(HERE, name, "reference.c")).read()
        lines = []
        for s, v, orig, repl, what in FAULTS:
            if s != name:
                continue
            assert ref.count(orig) == 1, (s, v, orig)
            text = ref.replace(orig, repl)
            with open(os.path.join(HERE, name, v + ".c"), "w") as out:
                out.write(text)
            lines.append(f"| {v} | {what} | `{orig.strip()}` → `{repl.strip()}` |")
        with open(os.path.join(HERE, name, "FAULTS.md"), "w") as out:
            out.write(f"# {name}: the faulty versions\n\nEach is reference.c with one edit; the edited line is the ground truth "
                      "for localization. Written by bench/io/generate.py.\n\n"
                      "| version | fault | edit |\n|---|---|---|\n" + "\n".join(lines) + "\n")


def approach(rng):
    rows = []
    for i in range(300):
        own = rng.choice([rng.randint(0, 3000), rng.choice([199, 200, 299, 300, 499, 500, 999, 1000])])
        sep = rng.choice([rng.randint(0, 1500), rng.choice([599, 600, 601, 999, 1000, 1001])])
        traffic = own + rng.choice([-1, 1]) * sep
        closure = rng.choice([rng.randint(-50, 400), 0, 180, 360])
        if closure > 0 and rng.random() < 0.5:
            t = rng.choice([39, 40, 41, 59, 60, 61, rng.randint(1, 90)])
            rng_ = max(1, t * closure // 360)
        else:
            rng_ = rng.randint(1, 100)
        row = [own, rng.choice([rng.randint(-1500, 500), -1200, -1201, 0, -1]), traffic,
               rng.choice([rng.randint(-2500, 2500), 2000, 2001, -2000, -2001]), rng_, closure,
               rng.choice([rng.randint(0, 3000), 199, 200]), rng.choice([rng.randint(-20, 20), 10, 11, -10, -11]),
               rng.choice([0, 1, 1, 1]), rng.choice([rng.randint(0, 40), 15, 16, 20, 21, 30, 31]),
               rng.choice([rng.randint(200, 9000), 799, 800]), rng.choice([0, 0, 1])]
        rows.append(" ".join(str(x) for x in row))
    rows.append("")  # no arguments: the usage message
    rows.append("1 2 3")
    with open(os.path.join(HERE, "approach", "suite.txt"), "w") as out:
        out.write("# bench/io/generate.py: 302 command lines of approach (12 readings; the last two are usage errors)\n")
        out.write("\n".join(rows[:-2]) + "\n")
        out.write("''\n1 2 3\n")


def write_inputs(name, inputs):
    d = os.path.join(HERE, name, "suite")
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.endswith(".in"):
            os.remove(os.path.join(d, f))
    for i, text in enumerate(inputs):
        with open(os.path.join(d, f"t{i + 1:03d}.in"), "w") as out:
            out.write(text)


def grades(rng):
    inputs = []
    for i in range(200):
        n = rng.choice([rng.randint(1, 6), 1, 2, 0, -1])
        scores = [rng.choice([rng.randint(0, 100), 0, 49, 50, 51, 99, 100]) for _ in range(max(n, 0))]
        r = rng.random()
        if r < 0.05 and scores:
            scores[rng.randrange(len(scores))] = rng.choice([101, -1, 150])
        if r > 0.95 and scores:
            scores = scores[:-1]  # one score missing
        extra = " 7" if rng.random() < 0.1 else ""
        sep = rng.choice([" ", "\n"])
        text = str(n) + "\n" + sep.join(str(s) for s in scores) + extra + "\n"
        if rng.random() < 0.02:
            text = "x\n"
        inputs.append(text)
    write_inputs("grades", inputs)


def dates(rng):
    inputs = []
    for i in range(200):
        y = rng.choice([rng.randint(1, 2400), 1900, 2000, 2004, 2023, 2024, 2100, 0])
        m = rng.choice([rng.randint(1, 12), 2, 2, 12, 11, 0, 13])
        d = rng.choice([rng.randint(1, 31), 28, 29, 30, 31, 1, 0, 32])
        sep = "-" if rng.random() < 0.95 else rng.choice(["/", " "])
        inputs.append(f"{y}{sep}{m:02d}{sep}{d:02d}\n")
    write_inputs("dates", inputs)


if __name__ == "__main__":
    rng = random.Random(16)
    versions()
    approach(rng)
    grades(rng)
    dates(rng)
