#!/usr/bin/env python3
"""Repair of the student submissions that fail some test (bench/students/README.md, "Repair").

For every submission on which `locus test --tests SUITE --reference REF` fails a test, runs
`locus repair SUB --tests SUITE --reference REF --method M --json` for each method and writes a markdown
table: repaired or not, correct within the bound (the bounded verification against the reference holds) or
plausible (the suite passes, the verification failed or gave no answer), the time, and the change.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def failing(locus, sub, suite, ref):
    r = subprocess.run([locus, "test", sub, "--tests", suite, "--reference", ref], capture_output=True,
                       text=True, timeout=300)
    last = (r.stdout.strip().splitlines() or [""])[-1]
    return r.returncode != 0 and "failed" in last and not last.endswith(" 0 failed")


def repair(locus, sub, suite, ref, method, solver, timeout):
    cmd = [locus, "repair", sub, "--tests", suite, "--reference", ref, "--method", method, "--solver", solver,
           "--timeout", str(timeout), "--json"]
    t0 = time.monotonic()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 60)
        d = json.loads(r.stdout)
    except (subprocess.TimeoutExpired, json.JSONDecodeError) as e:
        return {"status": "error", "message": str(e)[:80], "seconds": time.monotonic() - t0}
    out = {"status": d.get("status", "?"), "seconds": time.monotonic() - t0, "message": d.get("message", "")}
    if d.get("repairs"):
        rep = d["repairs"][0]
        out["correct"] = bool(rep.get("bounded_verified", True))
        out["changes"] = "; ".join(c.split(": ", 1)[-1] for c in rep.get("changes", []))
        if rep.get("by"):  # --method auto: the method that found it
            out["changes"] = rep["by"] + ": " + out["changes"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--locus", default=os.path.join(ROOT, "build", "tools", "locus"))
    ap.add_argument("--methods", default="format,mutate")
    ap.add_argument("--solver", default="z3")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per repair")
    ap.add_argument("--out", help="write the markdown here (default: standard output)")
    a = ap.parse_args()
    methods = a.methods.split(",")
    rows, totals = [], {m: [0, 0, 0] for m in methods}  # repaired, correct, failing submissions
    times = {m: [] for m in methods}
    anyRepaired, anyCorrect = 0, 0
    subs = 0
    for ex in sorted(os.listdir(HERE)):
        d = os.path.join(HERE, ex)
        if not os.path.isdir(os.path.join(d, "subs")):
            continue
        suite, ref = os.path.join(d, "suite"), os.path.join(d, "reference.c")
        for name in sorted(os.listdir(os.path.join(d, "subs"))):
            sub = os.path.join(d, "subs", name)
            rel = os.path.relpath(sub, HERE)
            if not failing(a.locus, sub, suite, ref):
                continue
            subs += 1
            cells = [rel.replace("/subs/", "/")]
            best = None  # "correct" or "plausible": the best any method gave
            for m in methods:
                r = repair(a.locus, sub, suite, ref, m, a.solver, a.timeout)
                print(f"{rel} {m}: {r['status']} {r['seconds']:.1f} s", file=sys.stderr)
                totals[m][2] += 1
                times[m].append(r["seconds"])
                if r["status"] == "repaired":
                    totals[m][0] += 1
                    totals[m][1] += r["correct"]
                    kind = "correct" if r["correct"] else "plausible"
                    best = "correct" if r["correct"] or best == "correct" else kind
                    cells.append(f"{kind}, {r['seconds']:.1f} s: `{r['changes']}`")
                else:
                    cells.append(f"{r['status']}, {r['seconds']:.1f} s")
            anyRepaired += best is not None
            anyCorrect += best == "correct"
            rows.append(cells)
    lines = ["# Repair of the failing student submissions", "",
             f"Measured with `python3 bench/students/repair.py --methods {a.methods} --solver {a.solver} "
             f"--timeout {a.timeout}` (wall time per call, this machine).", "",
             f"{subs} submissions fail at least one test of their suite (against the instructor's reference). "
             "A repair is *correct* when the bounded verification against the reference holds, *plausible* "
             "when the suite passes but the verification failed or gave no answer.", "",
             "| method | repaired | correct | plausible only | median time |", "|---|---|---|---|---|"]
    for m in methods:
        rep, cor, n = totals[m]
        med = statistics.median(times[m]) if times[m] else 0
        lines.append(f"| {m} | {rep} / {n} | {cor} | {rep - cor} | {med:.1f} s |")
    lines.append(f"| any of them | {anyRepaired} / {subs} | {anyCorrect} | {anyRepaired - anyCorrect} | |")
    lines += ["", "| submission | " + " | ".join(methods) + " |", "|---" * (len(methods) + 1) + "|"]
    lines += ["| " + " | ".join(c) + " |" for c in rows]
    text = "\n".join(lines) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
