#!/usr/bin/env python3
"""Regenerates bench/corpus/programs.json from the header comments of the corpus' GCL files.

Header conventions (the leading `//` comment block of every program):
  line 1   `// ID (source): description` - ID is B01..B20, L01..L20 or HG-Sum, KB-max, ... ; the text after
           the first `: ` up to the end of the sentence is the manifest description
  `Under test: p, q (...)`     the procedure(s) a fault injector should mutate (first one = the main one)
  `// VERIFY: --unwind N [--heap M] [--entry E]`   recommended bounds (defaults: unwind 6, heap 64, main)
  `// NONDET: 1,2,3`           inputs for the native C runs (check.sh), one run per line (read from the C
                               file's header)
  `// FAULT-OF: ID`            (papers/faults only) the file is a faulty version of program ID
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def header(path):
    lines = []
    for line in open(path):
        if not line.startswith("//"):
            break
        lines.append(line[2:].strip())
    return lines


def entry(path, kind):
    h = header(path)
    text = " ".join(h)
    m = re.match(r"(\S+) \(([^)]*)\): (.*)", h[0])
    if not m:
        raise SystemExit("%s: first line must be `// ID (source): description`" % path)
    pid, source = m.group(1), m.group(2)
    desc = m.group(3)
    # continue the description over following lines until the sentence ends
    i = 1
    while not re.search(r"[.)]$", desc) and i < len(h) and not h[i].startswith(("Under test", "NONDET", "VERIFY")):
        desc += " " + h[i]
        i += 1
    desc = re.split(r"\. |\.$", desc)[0]
    ut = re.search(r"Under test: ([A-Za-z0-9_, ]+?)(?: \(|\.|$| Spec)", text)
    if not ut:
        raise SystemExit("%s: no `Under test:`" % path)
    under = [u.strip() for u in ut.group(1).split(",") if u.strip()]
    opts = {"unwind": 6, "heap": 64, "entry": "main"}
    for line in h:
        if line.startswith("VERIFY:"):
            toks = line.split()[1:]
            for k in range(0, len(toks), 2):
                opts[toks[k].lstrip("-")] = int(toks[k + 1]) if toks[k + 1].isdigit() else toks[k + 1]
    rel = os.path.relpath(path, ROOT)
    base = rel[:-4]
    cpath = os.path.join(ROOT, base + ".c")
    nondet = [l.split(":", 1)[1].strip() for l in (header(cpath) if os.path.exists(cpath) else h)
              if l.startswith("NONDET:")]
    files = {"gcl": rel}
    if os.path.exists(os.path.join(ROOT, base + ".c")):
        files["c"] = base + ".c"
    name = os.path.basename(base)
    name = name.split("_", 1)[1] if re.match(r"[BL]\d\d_", name) else name
    e = {
        "id": pid,
        "name": name,
        "kind": kind,
        "source": source,
        "description": desc,
        "files": files,
        "entry": opts["entry"],
        "under_test": under,
        "unwind": opts["unwind"],
        "heap": opts["heap"],
        "expected": "safe",
    }
    if nondet:
        e["c_nondet_runs"] = nondet
    return e


def main():
    progs = []
    for sub, kind in (("heap", "heap"), ("papers", "papers")):
        d = os.path.join(ROOT, sub)
        for f in sorted(os.listdir(d)):
            if f.endswith(".gcl"):
                progs.append(entry(os.path.join(d, f), kind))
    doc = {
        "description": "locus benchmark corpus: the 40 heap programs of Wolverine2's Table 2 and the programs "
        "of the other papers, each correct, with a main driver whose assertions state the correct outcome. "
        "Regenerate with bench/corpus/tools/manifest.py; see bench/corpus/README.md.",
        "programs": progs,
    }
    text = json.dumps(doc, indent=2) + "\n"
    out = os.path.join(ROOT, "programs.json")
    if "--check" in sys.argv:
        old = open(out).read() if os.path.exists(out) else ""
        if old != text:
            print("out of date: " + out)
            sys.exit(1)
        return
    open(out, "w").write(text)
    print("%s: %d programs" % (out, len(progs)))


if __name__ == "__main__":
    main()
