#!/usr/bin/env python3
"""Measures the C front end on the student submissions of this folder (README.md).

For each exercise (a folder with reference.c, subs/*.c and suite/*.in): whether `locus check` accepts each
submission, and for each accepted one whether `locus test SUB --tests suite --reference reference.c` gives
every test the verdict gcc gives it (the submission and the reference compiled with gcc -O0, run on the
test's input; a test passes when the standard output and the exit status are the reference's). A submission
whose run reads an uninitialized variable (locus's note "read before it was written") has undefined
behaviour: it is counted apart, and so is a test on which the gcc build with -fsanitize=undefined reports a
runtime error (signed overflow, a shift out of range: undefined behaviour, where locus's default integer mode
keeps the mathematical value and gcc's binary wraps).

Usage: python3 bench/students/measure.py [--locus build/tools/locus] [--out RESULTS.md]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def gcc(src, exe, *flags):
    r = subprocess.run(["gcc", "-O0", "-w", *flags, "-o", exe, src, "-lm"], capture_output=True, text=True)
    return r.returncode == 0


def ub_reported(exe, inp):
    """Whether the -fsanitize=undefined build reports a runtime error on this input."""
    with open(inp, "rb") as f:
        try:
            r = subprocess.run([exe], stdin=f, capture_output=True, timeout=10)
        except subprocess.TimeoutExpired:
            return False
    return b"runtime error" in r.stderr


def run_native(exe, inp):
    with open(inp, "rb") as f:
        try:
            r = subprocess.run([exe], stdin=f, capture_output=True, timeout=10)
        except subprocess.TimeoutExpired:
            return ("timeout", None)
    return (r.stdout, r.returncode)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--locus", default=os.path.join(HERE, "..", "..", "build", "tools", "locus"))
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    locus = os.path.abspath(args.locus)
    rows = []
    totals = dict(subs=0, accepted=0, agree=0, ub=0, tests=0, agreeTests=0, ubTests=0, definedAgree=0,
                  defined=0)
    tmp = tempfile.mkdtemp(prefix="students-")
    for ex in sorted(os.listdir(HERE)):
        exdir = os.path.join(HERE, ex)
        if not os.path.isfile(os.path.join(exdir, "reference.c")):
            continue
        ref = os.path.join(exdir, "reference.c")
        refexe = os.path.join(tmp, ex + "-ref")
        if not gcc(ref, refexe):
            sys.exit("gcc does not compile " + ref)
        suite = os.path.join(exdir, "suite")
        tests = sorted(t for t in os.listdir(suite) if t.endswith(".in"))
        expected = {t: run_native(refexe, os.path.join(suite, t)) for t in tests}
        for sub in sorted(os.listdir(os.path.join(exdir, "subs"))):
            if not sub.endswith(".c"):
                continue
            path = os.path.join(exdir, "subs", sub)
            name = ex + "/" + sub
            totals["subs"] += 1
            chk = subprocess.run([locus, "check", path], capture_output=True, text=True)
            if chk.returncode != 0:
                first = (chk.stderr.strip().splitlines() or ["?"])[0]
                rows.append((name, "rejected", "", "", first.replace(HERE + "/", "")))
                continue
            totals["accepted"] += 1
            exe = os.path.join(tmp, ex + "-" + sub[:-2])
            if not gcc(path, exe):
                rows.append((name, "accepted", "", "", "gcc does not compile it"))
                continue
            ubexe = exe + "-ubsan"
            ubTests = set()
            if gcc(path, ubexe, "-fsanitize=undefined"):
                ubTests = {t for t in tests if ub_reported(ubexe, os.path.join(suite, t))}
            gccPass = {}
            for t in tests:
                gccPass[t] = run_native(exe, os.path.join(suite, t)) == expected[t]
            r = subprocess.run([locus, "test", path, "--tests", suite, "--reference", ref, "--json"],
                               capture_output=True, text=True)
            doc = json.loads(r.stdout)
            locusPass = {}
            for tj in doc.get("tests", []):
                locusPass[os.path.basename(tj.get("input_file", tj["test"]))] = tj["status"] == "PASS"
            ub = any("read before it was written" in d.get("message", "")
                     for d in doc.get("diagnostics", []))
            disagree = [t for t in tests if locusPass.get(t) != gccPass[t]]
            failing = sum(1 for t in tests if not gccPass[t])
            totals["tests"] += len(tests)
            totals["agreeTests"] += len(tests) - len(disagree)
            totals["ubTests"] += len(ubTests)
            if ub:
                totals["ub"] += 1
            if not disagree:
                totals["agree"] += 1
            if not ub:
                totals["defined"] += 1
                if not [t for t in disagree if t not in ubTests]:
                    totals["definedAgree"] += 1
            notes = []
            if ub:
                notes.append("reads an uninitialized variable (locus's note)")
            if ubTests:
                notes.append("undefined behaviour (ubsan) on " + " ".join(t[:-3] for t in sorted(ubTests)))
            note = "; ".join(notes)
            verdict = "agrees" if not disagree else "disagrees on " + " ".join(d[:-3] for d in disagree)
            rows.append((name, "accepted", "%d / %d" % (failing, len(tests)), verdict, note))
    lines = ["| submission | front end | gcc: tests failed | `locus test` vs gcc | note |",
             "|---|---|---|---|---|"]
    for r in rows:
        lines.append("| " + " | ".join(r) + " |")
    summary = ("%d submissions: %d accepted by the front end (%.0f %%); on %d of the %d accepted, `locus test "
               "--reference` gives every test gcc's verdict (%d of %d tests agree); %d accepted submissions "
               "read an uninitialized variable on some test (locus notes it); of the other %d, `locus test` agrees "
               "with gcc on every test without undefined behaviour (ubsan: %d tests) on %d." % (
                   totals["subs"], totals["accepted"], 100.0 * totals["accepted"] / max(1, totals["subs"]),
                   totals["agree"], totals["accepted"], totals["agreeTests"], totals["tests"], totals["ub"],
                   totals["defined"], totals["ubTests"], totals["definedAgree"]))
    text = summary + "\n\n" + "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    main()
