#!/bin/sh
# What rebuilding costs in --unwind auto: the whole search (a new encoding and solver at each bound 1, 2,
# 4, …) against one verification at the bound the search ended at — the most that reusing the solver and
# the steps across bounds could save. Usage (from the source root):
#   bench/unbounded/rebuild.sh LOCUS [REPEAT]
LOCUS=${1:?usage: rebuild.sh LOCUS [REPEAT]}
N=${2:-3}
secs() { # best of N wall times of: locus verify ARGS…
  best=
  i=0
  while [ $i -lt "$N" ]; do
    s=$(date +%s.%N)
    "$LOCUS" verify "$@" > /dev/null 2>&1
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    i=$((i + 1))
  done
  printf '%.3f' "$best"
}
printf '| program | entry | answer | bound reached | search (s) | that bound alone (s) | rebuilding overhead |\n'
printf '|---|---|---|---|---|---|---|\n'
while read -r f e; do
  [ -n "$f" ] || continue
  json=$("$LOCUS" verify "$f" --entry "$e" --unwind auto --json 2>/dev/null)
  k=$(printf '%s' "$json" | sed -n 's/^  "unwind": \([0-9]*\),*$/\1/p' | head -1)
  v=$(printf '%s' "$json" | sed -n 's/^  "verdict": "\([a-z-]*\)",*$/\1/p' | head -1)
  a=$(secs "$f" --entry "$e" --unwind auto)
  b=$(secs "$f" --entry "$e" --unwind "$k")
  printf '| %s | %s | %s | %s | %s | %s | %s%% |\n' "$(basename "$f")" "$e" "$v" "$k" "$a" "$b" \
    "$(echo "scale=0; 100 * ($a - $b) / $b" | bc)"
done <<LIST
tests/regress/verify/unbounded.gcl deep_bug
tests/regress/verify/unbounded.gcl bounded
tests/regress/verify/unbounded.c deep
tests/regress/verify/unbounded.gcl after_loop
tests/regress/c/tasks/array_sum_bound.c main
tests/regress/c/tasks/gcd_unsigned.c main
bench/unbounded/deep.gcl deep
bench/unbounded/deep.gcl safe
LIST
