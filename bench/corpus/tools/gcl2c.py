#!/usr/bin/env python3
"""Authoring aid: translate a corpus GCL program (the restricted, one-statement-per-line style used in
bench/corpus) into the equivalent C program, line for line.

The corpus keeps both versions under version control; this script is how the C versions were produced
and how they are kept in step with the GCL ones (`check.sh` can confirm they still agree: see
`--check`). It is not a general GCL-to-C translator; it understands exactly the subset the corpus uses:

  type T { f: U; ... }            -> struct t { ... };   (record T becomes `struct t *`)
  var x: T [:= e], ...;           -> declarations, zero/NULL-initialised like GCL locals
  proc f(a: T, ...) returns (r: R) -> R f(T a, ...) { R r = 0; ... return r; }   (prototypes emitted first)
  proc main()                     -> int main(void) { ... return 0; }
  x := new T                      -> x = calloc(1, sizeof(struct t))   (GCL `new` zeroes the fields)
  x := nondet                     -> x = __VERIFIER_nondet_int()
  assume e / assert e, "m"        -> __VERIFIER_assume(e) / assert(e)
  and or not null true false ==>  -> && || ! NULL 1 0 (!a || b);   x.f.g -> x->f->g;   := -> =
  requires/ensures lines          -> dropped (the heap corpus keeps its specification in main)
  test blocks                     -> dropped (they are GCL's concrete test suite; C has main only)
  // comments                     -> copied
Lines containing `//! c: TEXT` are replaced by TEXT in the C output (for the rare C-only line, e.g. a
printf next to the GCL model of printing).
"""
import os
import re
import subprocess
import sys

# clang-format finds the repository's .clang-format from this (not necessarily existing) path.
STYLE_ANCHOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus.c")

HEADER = """#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

"""


def ctype(t, records):
    if t == "int":
        return "int"
    if t == "bool":
        return "int"
    if t in records:
        return "struct %s *" % t.lower()
    raise SystemExit("unknown type " + t)


def decl(t, name, records, init=None):
    ct = ctype(t, records)
    sep = "" if ct.endswith("*") else " "
    if init is None:
        init = "NULL" if t in records else "0"
    return "%s%s%s = %s" % (ct, sep, name, init)


def expr(e):
    # strings are not expressions in this subset; translate tokens
    e = e.strip()
    # implication: only at top level "a ==> b"
    if "==>" in e:
        a, b = e.split("==>", 1)
        return "(!(%s) || (%s))" % (expr(a), expr(b))
    e = re.sub(r"\band\b", "&&", e)
    e = re.sub(r"\bor\b", "||", e)
    e = re.sub(r"\bnot\s+", "!", e)
    e = re.sub(r"\bnull\b", "NULL", e)
    e = re.sub(r"\btrue\b", "1", e)
    e = re.sub(r"\bfalse\b", "0", e)
    e = re.sub(r"(?<=[A-Za-z0-9_)])\.(?=[A-Za-z_])", "->", e)
    return e


def split_bindings(s):
    return [b.strip() for b in s.split(",") if b.strip()]


def translate(src):
    lines = src.split("\n")
    records = {}
    for m in re.finditer(r"\btype\s+(\w+)\s*\{([^}]*)\}", src):
        records[m.group(1)] = [f.strip() for f in m.group(2).split(";") if f.strip()]
    procs = []  # (ret, name, params)
    out = []
    i = 0
    header_done = False
    cur_ret = None  # (name, type) of the current procedure's result, or "main" / None
    depth = 0
    skipping = 0
    pending_proc = None
    while i < len(lines):
        line = lines[i]
        i += 1
        s = line.strip()
        ind = line[: len(line) - len(line.lstrip())]
        if skipping:
            skipping += s.count("{") - s.count("}")
            continue
        if "//! c:" in line:
            out.append(ind + line.split("//! c:", 1)[1].strip())
            continue
        if not header_done and not s.startswith("//"):
            out.append(HEADER.rstrip("\n"))
            out.append("")
            header_done = True
            if s == "":
                continue
        if s.startswith("//") or s == "":
            out.append(line)
            continue
        # strip trailing comment
        code, comment = s, ""
        m = re.match(r'^(.*?)\s*(//.*)$', s)
        if m and '"' not in m.group(1).split("//")[0][-1:]:
            code, comment = m.group(1), " " + m.group(2)
        if code.startswith("test "):
            skipping = code.count("{") - code.count("}")
            # drop the blank line before a test block
            while out and out[-1].strip() == "":
                out.pop()
            continue
        m = re.match(r"type\s+(\w+)\s*\{([^}]*)\}", code)
        if m:
            out.append("struct %s {" % m.group(1).lower())
            for f in records[m.group(1)]:
                fn, ft = [x.strip() for x in f.split(":")]
                out.append("  %s;" % decl(ft, fn, records).split(" = ")[0])
            out.append("};")
            continue
        if code.startswith("import "):
            raise SystemExit("imports are not supported by gcl2c")
        m = re.match(r"proc\s+(\w+)\s*\(([^)]*)\)\s*(?:returns\s*\((\w+)\s*:\s*(\w+)\))?\s*(.*)$", code)
        if m:
            name, params, rn, rt, rest = m.groups()
            plist = []
            for p in split_bindings(params):
                pn, pt = [x.strip() for x in p.split(":")]
                plist.append(decl(pt, pn, records).split(" = ")[0])
            if name == "main":
                sig = "int main(void)"
                cur_ret = "main"
            else:
                ret = ctype(rt, records) if rt else "void"
                sep = "" if ret.endswith("*") else " "
                sig = "%s%s%s(%s)" % (ret, sep, name, ", ".join(plist) if plist else "void")
                procs.append(sig + ";")
                cur_ret = (rn, rt) if rn else None
            pending_proc = sig
            if rest.endswith("{"):
                out.append(sig + " {")
                pending_proc = None
                if cur_ret not in (None, "main"):
                    out.append("  " + decl(cur_ret[1], cur_ret[0], records) + ";")
                depth = 1
            continue
        if pending_proc is not None:
            if code.startswith("requires") or code.startswith("ensures"):
                continue
            if code == "{":
                out.append(pending_proc + " {")
                pending_proc = None
                if cur_ret not in (None, "main"):
                    out.append("  " + decl(cur_ret[1], cur_ret[0], records) + ";")
                depth = 1
                continue
            raise SystemExit("unexpected line in procedure header: " + line)
        if depth == 0 and code.startswith("var "):
            for b in split_bindings(code[4:].rstrip(";")):
                bn, bt = [x.strip() for x in b.split(":")]
                out.append(decl(bt, bn, records) + ";" + comment)
            continue
        # inside a procedure body
        opens = code.count("{")
        closes = code.count("}")
        if code == "}" and depth == 1:
            if cur_ret == "main":
                out.append("  return 0;")
            elif cur_ret is not None:
                out.append("  return %s;" % cur_ret[0])
            out.append("}")
            depth = 0
            continue
        depth += opens - closes
        out.append(ind + stmt(code, records, cur_ret) + comment)
    proto = "\n".join(procs)
    text = "\n".join(out)
    # prototypes right after the last struct (or after the header)
    idx = text.rfind("};\n")
    if idx >= 0:
        text = text[: idx + 3] + "\n" + proto + "\n" + text[idx + 3:]
    else:
        j = text.find(HEADER.rstrip("\n")) + len(HEADER.rstrip("\n"))
        text = text[:j] + "\n\n" + proto + text[j:]
    text = text.rstrip("\n") + "\n"
    return subprocess.run(["clang-format", "--style=file", "--assume-filename=" + STYLE_ANCHOR], input=text,
                          capture_output=True, text=True, check=True).stdout


def stmt(code, records, cur_ret):
    m = re.match(r"^var\s+(.*);$", code)
    if m:
        parts = []
        types = set()
        for b in split_bindings(m.group(1)):
            mm = re.match(r"(\w+)\s*:\s*(\w+)\s*(?::=\s*(.*))?$", b)
            bn, bt, init = mm.groups()
            types.add(bt)
            parts.append(decl(bt, bn, records, expr(init) if init else None))
        if len(types) == 1 and len(parts) > 1:
            ct = ctype(types.pop(), records)
            rest = [p[len(ct):].lstrip() if not ct.endswith("*") else "*" + p[len(ct):] for p in parts]
            return parts[0] + ", " + ", ".join(rest[1:]) + ";"
        return " ".join(p + ";" for p in parts)
    m = re.match(r"^(if|while)\s*\((.*)\)\s*\{$", code)
    if m:
        return "%s (%s) {" % (m.group(1), expr(m.group(2)))
    m = re.match(r"^\}\s*else\s+if\s*\((.*)\)\s*\{$", code)
    if m:
        return "} else if (%s) {" % expr(m.group(1))
    if code in ("}", "} else {", "{", "break;", "continue;"):
        return code
    m = re.match(r"^return\s*(.*);$", code)
    if m:
        if m.group(1):
            return "return %s;" % expr(m.group(1))
        if cur_ret == "main":
            return "return 0;"
        if cur_ret is None:
            return "return;"
        return "return %s;" % cur_ret[0]
    m = re.match(r"^assume\s+(.*);$", code)
    if m:
        return "__VERIFIER_assume(%s);" % expr(m.group(1))
    m = re.match(r'^assert\s+(.*?)(?:,\s*"([^"]*)")?;$', code)
    if m:
        return "assert(%s);%s" % (expr(m.group(1)), (" // " + m.group(2)) if m.group(2) else "")
    m = re.match(r"^([\w.]+)\s*:=\s*new\s+(\w+);$", code)
    if m:
        return "%s = calloc(1, sizeof(struct %s));" % (expr(m.group(1)), m.group(2).lower())
    m = re.match(r"^([\w.]+)\s*:=\s*nondet;$", code)
    if m:
        return "%s = __VERIFIER_nondet_int();" % expr(m.group(1))
    m = re.match(r"^([\w.]+)\s*:=\s*(.*);$", code)
    if m:
        return "%s = %s;" % (expr(m.group(1)), expr(m.group(2)))
    m = re.match(r"^(\w+\(.*\));$", code)
    if m:
        return expr(m.group(1)) + ";"
    if code == "skip;":
        return ";"
    raise SystemExit("gcl2c: cannot translate: " + code)


def main():
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    bad = 0
    for path in args:
        src = open(path).read()
        c = translate(src)
        target = path[:-4] + ".c"
        if check:
            try:
                old = open(target).read()
            except OSError:
                old = None
            if old != c:
                print("out of date: " + target)
                bad = 1
        else:
            open(target, "w").write(c)
    sys.exit(bad)


if __name__ == "__main__":
    main()
