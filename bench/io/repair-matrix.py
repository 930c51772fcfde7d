#!/usr/bin/env python3
"""Every repair method x {--reference REF, --tests SUITE --reference REF} x solvers on a sample of bench/io's
faulty versions: one `locus repair --json` per cell, one at a time, each a fresh process, and the outcome
class of each (issue 29, "repair --reference and repair --tests work with every method on bench/io"):

  repaired (correct | plausible)   exit 1; locus's label of the first repair: "correct" (within the bound:
                                   verified against the reference), "plausible" (--tests: the suite passes,
                                   the bounded verification gave no answer)
  not repaired: REASON             exit 3, status not-repaired (the method's message)
  no answer                        exit 3, status unknown (the time limit), or killed 60 s past it
  usage error: MESSAGE             exit 2
  INTERNAL ERROR: MESSAGE          exit 4, a signal, or "internal error" in the output
  no failure                       exit 0

The --tests column passes the set's suite and its reference (the suites have no .out files: the reference's
output is the expected one). Bounds: the set's `unwind` and `input_bytes` from bench/io/manifest.json, as
`locus bench repair --io` uses them. Prints a markdown report (the command first) on stdout.

usage: bench/io/repair-matrix.py LOCUS [--versions approach/v6,dates/v3,grades/v2]
          [--methods mutate,template,proof,pwp,format,guard,init] [--solvers z3,cvc5] [--timeout 30]
(from the repository root)
"""
import argparse
import json
import os
import subprocess
import sys
import time

MANIFEST = "bench/io/manifest.json"


def classify(rc, out, err):
    text = out + err
    try:
        j = json.loads(out)
    except ValueError:
        j = {}
    msg = (j.get("message") or "").strip()
    if not msg:
        lines = [l for l in err.strip().splitlines() if l.strip()]
        msg = lines[-1] if lines else ""
    msg = msg.replace("|", "\\|")
    if len(msg) > 160:
        msg = msg[:157] + "..."
    if rc is None:
        return "no answer (killed)", ""
    if rc < 0 or rc == 4 or "internal error" in text or "AddressSanitizer" in text:
        return "INTERNAL ERROR", msg if rc >= 0 else "signal %d" % -rc
    if rc == 2:
        return "usage error", msg
    if rc == 0:
        return "no failure", msg
    if rc == 1:
        reps = j.get("repairs") or [{}]
        r = reps[0]
        # locus's own label (session/render.cpp, satisfiedSpec): with a reference, "correct within the bound"
        # unless the bounded verification gave no answer ("bounded_verified": false, --tests only)
        label = "correct" if r.get("bounded_verified", True) else "plausible"
        return "repaired (%s)" % label, first_change(r)
    if rc == 3:
        if j.get("status") == "unknown":
            return "no answer", msg
        return "not repaired", msg
    return "exit %d" % rc, msg


def first_change(r):
    ch = r.get("changes")
    if isinstance(ch, list) and ch:
        return str(ch[0]).replace("|", "\\|")[:120]
    return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("locus")
    ap.add_argument("--versions", default="approach/v6,dates/v3,grades/v2")
    ap.add_argument("--methods", default="mutate,template,proof,pwp,format,guard,init")
    ap.add_argument("--solvers", default="z3,cvc5")
    ap.add_argument("--timeout", type=float, default=30)
    a = ap.parse_args()
    sets = {s["id"]: s for s in json.load(open(MANIFEST))["sets"]}
    print("# repair on bench/io: every method x --reference / --tests x solver\n")
    print("Command: `bench/io/repair-matrix.py %s --versions %s --methods %s --solvers %s --timeout %g`\n" %
          (a.locus, a.versions, a.methods, a.solvers, a.timeout))
    print("Each cell: `%s repair bench/io/SET/vK.c --method M --solver S --timeout %g --unwind U --input-bytes B "
          "--json` with `--reference bench/io/SET/reference.c` (reference) or `--tests SUITE --reference "
          "bench/io/SET/reference.c` (tests); U and B from bench/io/manifest.json. One run at a time; times "
          "are wall-clock seconds on a shared, loaded machine (relative only).\n" % (a.locus, a.timeout))
    print("| version | spec | method | solver | exit | outcome | time | reason / first change |")
    print("|---|---|---|---|---:|---|---:|---|")
    counts = {}
    for v in a.versions.split(","):
        sid, ver = v.split("/")
        s = sets[sid]
        d = os.path.join("bench/io", sid)
        suite = os.path.join(d, s["suite"])
        ref = os.path.join(d, s["reference"])
        for spec in ("reference", "tests"):
            for m in a.methods.split(","):
                for solver in a.solvers.split(","):
                    cmd = [a.locus, "repair", os.path.join(d, ver + ".c"), "--method", m, "--solver", solver,
                           "--timeout", "%g" % a.timeout, "--unwind", str(s["unwind"]), "--input-bytes",
                           str(s["input_bytes"]), "--json"]
                    cmd += (["--tests", suite] if spec == "tests" else []) + ["--reference", ref]
                    t0 = time.time()
                    try:
                        p = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout + 60)
                        rc, out, err = p.returncode, p.stdout, p.stderr
                    except subprocess.TimeoutExpired:
                        rc, out, err = None, "", ""
                    t = time.time() - t0
                    cls, why = classify(rc, out, err)
                    counts[cls] = counts.get(cls, 0) + 1
                    print("| %s | %s | %s | %s | %s | %s | %.1f | %s |" %
                          (v, spec, m, solver, "-" if rc is None else rc, cls, t, why or ""), flush=True)
    print("\nTotals: " + ", ".join("%s %d" % (k, n) for k, n in sorted(counts.items())))


if __name__ == "__main__":
    sys.exit(main())
