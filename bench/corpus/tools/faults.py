#!/usr/bin/env python3
"""The papers' injected faults, as edits of the correct corpus programs.

  faults.py               regenerate papers/faults.json (line numbers are computed from the files)
  faults.py --check       fail if papers/faults.json is out of date
  faults.py apply ID gcl|c    print the faulty version of the program (for check.sh and the injector)

Each edit is (original text, replacement): the first occurrence of the original text after the file's
header comment is replaced. The table below is He & Gupta's Table 1 (raw/002_*.txt), with their row
labels; a row that our copy of the table garbles is marked as reconstructed. The last four programs'
faults are the buggy versions of the respective papers (tests/regress/papers/*_buggy.gcl).
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T1 = "He & Gupta, Table 1"

# (fault id, program id, file stem, paper line, fault type, paper's output, [gcl edits], [c edits], note)
FAULTS = [
    ("HG-Sum/1", 1, "const:wrong", "(2, s=a[0])", [("i := 0;", "i := 1;")], [("i = 0;", "i = 1;")]),
    ("HG-Sum/2", 1, "const:wrong", "(1, i=0)", [("i := 0;", "i := 2;")], [("i = 0;", "i = 2;")]),
    ("HG-Sum/3", 2, "const:wrong", "(2, s=0)", [("s := 0;", "s := 1;")], [("s = 0;", "s = 1;")]),
    ("HG-Sum/4", 4, "var(s):missing", "(4, s=s+a[i])", [("s := s + t;", "s := t;")], [("s = s + a[i];", "s = a[i];")]),
    ("HG-Sum/5", 4, "var(s):wrong", "(4, s=s+a[i])", [("s := s + t;", "s := i + t;")], [("s = s + a[i];", "s = i + a[i];")]),
    ("HG-Sum/6", 4, "var(a):wrong", "(4, s=s+a[i])", [("t := get(i, n);", "t := get(0, n);")], [("s = s + a[i];", "s = s + a[0];")]),
    ("HG-Sum/7", 4, "op:wrong", "(4, s=s+a[i])", [("s := s + t;", "s := s - t;")], [("s = s + a[i];", "s = s - a[i];")]),
    ("HG-Sum/8", 5, "const:wrong", "(5, i=i+1)", [("i := i + 1;", "i := i + 2;")], [("i = i + 1;", "i = i + 2;")]),
    ("HG-Sum/9", 5, "const:wrong", "No (infinite loop)", [("i := i + 1;", "i := i;")], [("i = i + 1;", "i = i;")]),
    ("HG-Sum/10", 3, "const:wrong", "(3, while(i<n))", [("while (i < n) {", "while (i < n - 1) {")], [("while (i < n) {", "while (i < n - 1) {")]),
    ("HG-Sum/11", 3, "const:wrong", "No (extra loop)", [("while (i < n) {", "while (i < n + 1) {")], [("while (i < n) {", "while (i < n + 1) {")]),
    ("HG-Sum/12", 3, "relop:wrong", "No (infinite loop)", [("while (i < n) {", "while (i + n != 0) {")], [("while (i < n) {", "while (i + n) {")]),
    ("HG-Sum/13", 3, "relop:wrong", "No (loop not entered)", [("while (i < n) {", "while (i > n) {")], [("while (i < n) {", "while (i > n) {")]),
    ("HG-Max/1", 2, "const:wrong", "(2, s=a[0])", [("s := 0;", "s := 10;")], [("s = 0;", "s = 10;")]),
    ("HG-Max/2", 5, "var(a):wrong", "(5, s=a[i])", [("s := u;", "s := i;")], [("s = a[i];", "s = i;")]),
    ("HG-Max/3", 1, "const:wrong", "(2, s=a[0])", [("i := 0;", "i := 1;")], [("i = 0;", "i = 1;")]),
    ("HG-Max/4", 6, "op:wrong", "No (system error)", [("i := i + 1;", "i := i - 1;")], [("i = i + 1;", "i = i - 1;")]),
    ("HG-Max/5", 4, "relop:wrong", "(4, if(s<a[i]))", [("if (s < t) {", "if (s > t) {")], [("if (s < a[i]) {", "if (s > a[i]) {")]),
    ("HG-Max/6", 4, "var(a):wrong", "(4, if(s<a[i]))", [("t := get(i, n);", "t := get(0, n);")], [("if (s < a[i]) {", "if (s < a[0]) {")]),
    ("HG-Max/7", 4, "relop:wrong", "(4, if(s<a[i]))", [("if (s < t) {", "if (s >= t) {")], [("if (s < a[i]) {", "if (s >= a[i]) {")]),
    ("HG-Max/8", 3, "branch:const", "(3, while(i<n))", [("while (i < n) {", "while (i < n - 1) {")], [("while (i < n) {", "while (i < n - 1) {")]),
    ("HG-BinarySearch/1", 1, "const:wrong", "(2, i=0)", [("i := 0;", "i := 1;")], [("i = 0;", "i = 1;")]),
    ("HG-BinarySearch/2", 2, "const:wrong", "(2, j=n+1)", [("j := n + 1;", "j := n;")], [("j = n + 1;", "j = n;")]),
    ("HG-BinarySearch/3", 4, "op:wrong", "No (infinite loop)", [("e := (i + j) / 2;", "e := i + j;")], [("e = (i + j) / 2;", "e = i + j;")]),
    ("HG-BinarySearch/4", 6, "var(s):wrong", "No (infinite loop)", [("i := e;", "i := j;")], [("i = e;", "i = j;")]),
    ("HG-BinarySearch/5", 6, "def(s):wrong", "(6, i = e)", [("i := e;", "j := e;")], [("i = e;", "j = e;")]),
    ("HG-BinarySearch/6", 4, "op:wrong", "No (infinite loop)", [("e := (i + j) / 2;", "e := (i * j) / 2;")], [("e = (i + j) / 2;", "e = (i * j) / 2;")]),
    ("HG-BinarySearch/7", 3, "const:wrong", "(3, while(i+2<j+1))", [("while (i + 1 != j) {", "while (i + 2 < j) {")], [("while (i + 1 != j) {", "while (i + 2 < j) {")]),
    ("HG-BinarySearch/8", 3, "relop:wrong", "No (infinite loop)", [("while (i + 1 != j) {", "while (i != j) {")], [("while (i + 1 != j) {", "while (i != j) {")]),
    ("HG-BinarySearch/9", 5, "relop:wrong", "(5, if(a[e]<=x))", [("if (t <= x) {", "if (t < x) {")], [("if (a[e] <= x) {", "if (a[e] < x) {")]),
    ("HG-BinarySearch/10", 5, "relop:wrong", "(5, if(a[e]<=x))", [("if (t <= x) {", "if (t > x) {")], [("if (a[e] <= x) {", "if (a[e] > x) {")]),
    ("HG-BinarySearch/11", 5, "var(a):wrong", "(5, if(a[e]<=x))", [("t := get(e, n);", "t := get(0, n);")], [("if (a[e] <= x) {", "if (a[0] <= x) {")]),
    ("HG-BinarySearch/12", 5, "var(a):wrong", "(5, if(a[e]<=x))", [("t := get(e, n);", "t := get(i, n);")], [("if (a[e] <= x) {", "if (a[i] <= x) {")]),
    ("HG-BinarySearch/13", 5, "var(a):wrong", "(5, if(a[e]<=x))", [("if (t <= x) {", "if (i < x) {")], [("if (a[e] <= x) {", "if (i < x) {")]),
    ("HG-ArrayCopy/1", 3, "var(a):wrong", "(3, s1[i]=s2[i])", [("t := get2(i, n);", "t := get2(i + 1, n);")], [("s1[i] = s2[i];", "s1[i] = s2[i + 1];")]),
    ("HG-ArrayCopy/2", 3, "var(a):wrong", "(3, s1[i]=s2[i])", [("set1(i, t, n);", "set1(0, t, n);")], [("s1[i] = s2[i];", "s1[0] = s2[i];")]),
    ("HG-ArrayCopy/3", 3, "var(a):wrong", "(3, s1[i]=s2[i])", [("set1(i, t, n);", "set1(i, i, n);")], [("s1[i] = s2[i];", "s1[i] = i;")]),
    ("HG-ArrayCopy/4", 1, "assign:const", "(1, i=0)", [("i := 0;", "i := 1;")], [("i = 0;", "i = 1;")]),
    ("HG-ArrayCopy/5", 4, "assign:arithm", "No (system error)", [("i := i + 1;", "i := i - 1;")], [("i = i + 1;", "i = i - 1;")]),
    ("HG-ArrayCopy/6", 2, "branch:relop", "(2, while(i<n+1))", [("while (i <= n) {", "while (i < n) {")], [("while (i <= n) {", "while (i < n) {")]),
    ("HG-ArrayCopy/7", 2, "branch:relop", "No (loop not entered)", [("while (i <= n) {", "while (i > n) {")], [("while (i <= n) {", "while (i > n) {")]),
    ("HG-Quicksort/1", 3, "op:wrong", "No (out of array boundary)", [("last := (left + right) / 2;", "last := (left + right) * 2;")], [("last = (left + right) / 2;", "last = (left + right) * 2;")]),
    ("HG-Quicksort/2", 4, "var(a):wrong", "(4, temp=a[left])", [("temp := get(left);", "temp := get(0);")], [("temp = a[left];", "temp = a[0];")]),
    ("HG-Quicksort/3", 5, "var(a):wrong", "(5, a[left]=a[last])", [("set(left, t);", "set(left, temp);")], [("a[left] = a[last];", "a[left] = temp;")]),
    ("HG-Quicksort/4", 5, "var(a):wrong", "(5, a[left]=a[last])", [("set(left, t);", "set(last, t);")], [("a[left] = a[last];", "a[last] = a[last];")]),
    ("HG-Quicksort/5", 8, "relop:wrong", "(8, if(a[i]<a[left]))", [("if (t < u) {", "if (t >= u) {")], [("if (a[i] < a[left]) {", "if (a[i] >= a[left]) {")]),
    ("HG-Quicksort/6", 8, "var(a):wrong", "(8, if(a[i]<a[left]))", [("u := get(left);", "u := get(last);")], [("if (a[i] < a[left]) {", "if (a[i] < a[last]) {")]),
    ("HG-Quicksort/7", 11, "var(a):wrong", "(11, a[last]=a[i])", [("set(last, t);", "set(left, t);")], [("a[last] = a[i];", "a[left] = a[i];")]),
    ("HG-Quicksort/8", 20, "var(a):wrong", "reconstructed", [("set(last, temp);          // 20", "set(left, temp);          // 20")], [("a[last] = temp;      // 20", "a[left] = temp;      // 20")]),
    ("HG-Quicksort/9", 16, "assign:arithm", "No (infinite loop)", [("i := i + 1;", "i := i;")], [("i = i + 1;", "i = i;")]),
    ("HG-Quicksort/10", 18, "var(a):wrong", "(18, temp=a[left])", [("temp := get(left);        // 18", "temp := get(last);        // 18")], [("temp = a[left];      // 18", "temp = a[last];      // 18")]),
    ("KB-max/1", None, "var:wrong", "component c2", [("r := y;", "r := x;")], [("r = y;", "r = x;")]),
    ("RG-absValue/1", 2, "relop:wrong", "must set {1, 2}", [("if (x <= -1) {", "if (x < -1) {")], [("if (x <= -1) {", "if (x < -1) {")]),
    ("RG-foo/1", 2, "op:wrong (2 lines)", "S_mut sets {2, 3}, {3, 4}", [("y := x + 3;", "y := x - 3;"), ("z := x - 3;", "z := x + 3;")], [("y = x + 3;", "y = x - 3;"), ("z = x - 3;", "z = x + 3;")]),
    ("JO-twobranch/1", 6, "op:wrong (2 lines)", "CoMSS {6}, {5, 8}", [("b := a - 1;", "b := a + 1;"), ("b := a - 2;", "b := a + 2;")], [("b = a - 1;", "b = a + 1;"), ("b = a - 2;", "b = a + 2;")]),
]

NOTES = {
    "HG-BinarySearch/11": "the paper labels rows 10-13 as 10, 10, 12, 12; renumbered 10-13. In GCL a[0] is outside "
                          "a[1..n] (get fails its requires); in C a[0] exists and holds 0",
    "HG-BinarySearch/12": "paper label Bin/12 (first of two)",
    "HG-BinarySearch/13": "paper label Bin/12 (second of two)",
    "HG-Quicksort/8": "our copy of Table 1 garbles this row (line 13, a[last]=a[i] -> a[left]=a[i] repeats QS/7); "
                      "ours: the final swap writes a[left] instead of a[last]",
    "HG-ArrayCopy/6": "Table 1 gives the original loop as while(i<=n) here and as while(i<n) for Arr/7; we use i<=n",
    "KB-max/1": "the buggy max of Koenighofer & Bloem (tests/regress/papers/max_kb_buggy.gcl)",
    "RG-absValue/1": "the buggy absValue (tests/regress/papers/absvalue_buggy.gcl)",
    "RG-foo/1": "the buggy foo (tests/regress/papers/foo_must_buggy.gcl): two faulty lines",
    "JO-twobranch/1": "the buggy program of Fig. 2 (tests/regress/papers/twobranch_jo_buggy.gcl): two faulty lines",
}


def program_files():
    progs = json.load(open(os.path.join(ROOT, "programs.json")))["programs"]
    return {p["id"]: p for p in progs}


def body_start(src):
    """Offset of the first line after the leading comment block (edits never touch the description)."""
    k = 0
    while src.startswith("//", k):
        k = src.find("\n", k) + 1
    return k


def locate(path, edits):
    src = open(path).read()
    out = []
    for orig, repl in edits:
        k = src.find(orig, body_start(src))
        if k < 0:
            raise SystemExit("faults.py: %r not found in %s" % (orig, path))
        out.append({"line": src.count("\n", 0, k) + 1, "original": orig, "replacement": repl})
    return out


def apply(path, edits):
    src = open(path).read()
    for orig, repl in edits:
        k = src.find(orig, body_start(src))
        if k < 0:
            raise SystemExit("faults.py: %r not found in %s" % (orig, path))
        src = src[:k] + repl + src[k + len(orig):]
    return src


def build():
    progs = program_files()
    out = []
    for fid, pline, ftype, output, gcl, c in FAULTS:
        pid = fid.split("/")[0]
        p = progs[pid]
        e = {
            "id": fid,
            "program": pid,
            "source": T1 if pid.startswith("HG-") else "buggy version of the paper's example",
            "paper_line": pline,
            "type": ftype,
            "paper_result": output,
            "gcl": {"file": p["files"]["gcl"], "edits": locate(os.path.join(ROOT, p["files"]["gcl"]), gcl)},
            "c": {"file": p["files"]["c"], "edits": locate(os.path.join(ROOT, p["files"]["c"]), c)},
            "expected": "failed",
        }
        if fid in NOTES:
            e["note"] = NOTES[fid]
        out.append(e)
    return {"description": "Injected faults of the papers' programs (bench/corpus/papers): each is a list of "
                           "edits (1-based line, original text, replacement) of the correct GCL and C files. "
                           "Regenerate with bench/corpus/tools/faults.py.", "faults": out}


def main():
    args = sys.argv[1:]
    target = os.path.join(ROOT, "papers", "faults.json")
    if args and args[0] == "apply":
        fid, lang = args[1], args[2]
        row = [f for f in FAULTS if f[0] == fid]
        if not row:
            raise SystemExit("faults.py: no fault " + fid)
        p = program_files()[fid.split("/")[0]]
        edits = row[0][4] if lang == "gcl" else row[0][5]
        sys.stdout.write(apply(os.path.join(ROOT, p["files"][lang]), edits))
        return
    if args and args[0] == "list":
        for f in FAULTS:
            print(f[0])
        return
    text = json.dumps(build(), indent=2, ensure_ascii=False) + "\n"
    if args and args[0] == "--check":
        if not os.path.exists(target) or open(target).read() != text:
            print("out of date: " + target)
            sys.exit(1)
        return
    open(target, "w").write(text)
    print("%s: %d faults" % (target, len(FAULTS)))


if __name__ == "__main__":
    main()
