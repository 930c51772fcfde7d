#!/usr/bin/env python3
"""Two locus binaries side by side on one suite: `locus verify --json --stats` of each on every program of a
corpus manifest, alternating (the order swapped every repeat), each run a fresh process; per program and
solver the median over the repeats of the verification time (encode + hand-over + the solver's assert and
solve + replay: the front end and the solver's start/stop are the same code in both and left out).
Prints a markdown report: per solver the totals and the ratio new/old, the geometric mean of the per-program
ratios, the slowest programs, and any verdict that differs (which would be a bug).

usage: compare_verify.py OLD NEW [--manifest bench/corpus/programs.json] [--langs gcl,c]
                         [--solvers z3,cvc5] [--repeat 3] [--timeout 60]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys


def run(binary, path, entry, unwind, heap, solver, timeout):
    cmd = [binary, "verify", path, "--entry", entry, "--unwind", str(unwind), "--heap", str(heap),
           "--input-nodes", "0", "--solver", solver, "--timeout", str(timeout), "--json", "--stats"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        return "error", None
    s = j.get("stats", {})
    t = sum(s.get(k, 0.0) for k in ("encode_seconds", "hand_over_seconds", "solver_assert_seconds",
                                      "solve_seconds", "replay_seconds"))
    return j.get("verdict", "error"), t


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--manifest", default="bench/corpus/programs.json")
    ap.add_argument("--langs", default="gcl,c")
    ap.add_argument("--solvers", default="z3,cvc5")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    doc = json.load(open(a.manifest))
    progs = doc["programs"] if isinstance(doc, dict) else doc
    base = os.path.dirname(a.manifest)
    langs, solvers = a.langs.split(","), a.solvers.split(",")
    rows = []  # (program, solver, old median, new median, old verdict, new verdict)
    for p in progs:
        for lang in langs:
            f = p.get("files", {}).get(lang)
            if not f:
                continue
            path = os.path.join(base, f)
            for solver in solvers:
                times = {"old": [], "new": []}
                verdicts = {"old": set(), "new": set()}
                for r in range(a.repeat):
                    order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
                    for which in order:
                        v, t = run(getattr(a, which), path, p.get("entry", "main"), p.get("unwind", 5),
                                   p.get("heap", 64), solver, a.timeout)
                        verdicts[which].add(v)
                        if t is not None:
                            times[which].append(t)
                mo = statistics.median(times["old"]) if times["old"] else float("nan")
                mn = statistics.median(times["new"]) if times["new"] else float("nan")
                rows.append((f"{p['id']}-{lang}", solver, mo, mn, "/".join(sorted(verdicts["old"])),
                             "/".join(sorted(verdicts["new"]))))
                print(f"{p['id']}-{lang} {solver}: old {mo:.4f} s, new {mn:.4f} s", file=sys.stderr)
    print(f"# verify, old against new encoding\n\nCommand: `{' '.join(sys.argv)}`\n")
    print(f"Each run a fresh `locus verify --json --stats` process, old and new alternating, median of "
          f"{a.repeat}; time = encode + hand-over + solver assert + solve + replay.\n")
    print("| solver | programs | old total | new total | new / old (totals) | geometric mean of new / old |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for s in solvers:
        rs = [r for r in rows if r[1] == s and r[2] == r[2] and r[3] == r[3]]
        to, tn = sum(r[2] for r in rs), sum(r[3] for r in rs)
        gm = math.exp(sum(math.log(max(r[3], 1e-6) / max(r[2], 1e-6)) for r in rs) / len(rs)) if rs else 0
        print(f"| {s} | {len(rs)} | {to:.3f} s | {tn:.3f} s | {tn / to if to else 0:.3f} | {gm:.3f} |")
    diff = [r for r in rows if r[4] != r[5]]
    print(f"\nVerdicts that differ: {len(diff)}" + ("" if not diff else ""))
    for r in diff:
        print(f"- {r[0]} {r[1]}: old {r[4]}, new {r[5]}")
    print("\n## Per program\n\n| program | solver | old | new | new / old | verdict |\n| --- | --- | ---: | ---: | ---: | --- |")
    for r in rows:
        ratio = r[3] / r[2] if r[2] and r[2] == r[2] and r[3] == r[3] else float("nan")
        print(f"| {r[0]} | {r[1]} | {r[2]:.4f} s | {r[3]:.4f} s | {ratio:.2f} | {r[5]} |")


if __name__ == "__main__":
    main()
