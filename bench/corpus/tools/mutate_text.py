#!/usr/bin/env python3
"""Applies one hand-written bug from sanity/mutants.txt to a corpus file and prints the result.

  mutate_text.py FILE 'ID | original text | replacement text | why it is wrong'

The original text must occur in the file (its first occurrence, after the header comment, is replaced);
an empty replacement deletes it. `\\n` in either text stands for a line break.
"""
import re
import sys

path, line = sys.argv[1], sys.argv[2]
parts = [p.strip() for p in re.split(r" \|(?= )", line)]
if len(parts) < 3:
    sys.exit("mutate_text: expected 'ID | original | replacement [| note]'")
orig, repl = parts[1].replace("\\n", "\n"), parts[2].replace("\\n", "\n")
src = open(path).read()
body = 0  # skip the leading comment block: a bug never edits the description
while src.startswith("//", body):
    body = src.find("\n", body) + 1
k = src.find(orig, body)
if not orig or k < 0:
    sys.exit("mutate_text: %r not found in %s" % (orig, path))
sys.stdout.write(src[:k] + repl + src[k + len(orig):])
