#!/bin/bash
# Localizes every faulty version of bench/io with one method and prints where its ranking puts the fault's
# line (the first line `diff reference.c vN.c` names): "SET VERSION lineL rank R of N STATUS", or
# "miss N STATUS MESSAGE" when the line is not ranked (N: lines ranked). Each failure is the first failing
# test of the set's suite, the reference's output its expected output.
#   usage: bench/io/localize-lines.sh LOCUS METHOD   (from the repository root)
set -u
L=$1
M=$2
for set in approach dates grades; do
  suite=bench/io/$set/suite
  [ -f bench/io/$set/suite.txt ] && suite=bench/io/$set/suite.txt
  for v in bench/io/$set/v*.c; do
    line=$(diff bench/io/$set/reference.c "$v" | grep -m1 -o '^[0-9]*')
    timeout 120 "$L" localize "$v" --method "$M" --tests "$suite" --reference bench/io/$set/reference.c --json 2>/dev/null |
      python3 -c '
import json, sys
line = int(sys.argv[1])
try:
    d = json.load(sys.stdin)
except ValueError:
    print(sys.argv[2], "no answer"); sys.exit()
ranking = d.get("ranking") or []
status = d.get("status") or ("error: " + d.get("error", {}).get("message", "?"))
for s in ranking:
    if s.get("line") == line:
        print(sys.argv[2], "rank", s.get("rank"), "of", len(ranking), status); break
else:
    print(sys.argv[2], "miss", len(ranking), status)
' "$line" "$set $(basename "$v") line$line"
  done
done
