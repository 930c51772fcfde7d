#!/usr/bin/env bash
# Formula sizes and times of recursion (merged calls against --no-merge-calls) for k = 2…10, and the C/GCL
# time ratio of every heap program of the corpus: bench/recursion/README.md.
# Usage: bench/recursion/run.sh LOCUS [OUT.md]   (from the repository root; about 5 minutes)
set -euo pipefail
locus=${1:?usage: run.sh LOCUS [OUT.md]}
out=${2:-/dev/stdout}
limit=30 # seconds per run

# One verify run: "verdict|constraints|terms|merged|seconds", or "timeout" past the limit.
run() {
  local start end json
  start=$(date +%s.%N)
  if ! json=$(timeout "$limit" "$locus" verify "$@" --stats --json 2>/dev/null) && [ -z "$json" ]; then
    echo "timeout"
    return
  fi
  end=$(date +%s.%N)
  python3 -c '
import json, sys
j = json.loads(sys.argv[1]); s = j.get("stats", {})
print("%s|%s|%s|%s|%.2f" % (j.get("verdict"), s.get("constraints", "?"), s.get("terms", "?"), s.get("merged_calls", 0), float(sys.argv[2])))
' "$json" "$(echo "$end - $start" | bc)"
}

{
  echo "# Recursion: merged calls, and C against GCL"
  echo
  echo "Command: \`bench/recursion/run.sh $locus\` ($(date -u +%Y-%m-%d), $(nproc) cores, z3, $limit s per run)."
  echo
  echo "## BST insertion of three keys (bst3.gcl, bst3.c), by bound"
  echo
  echo "| program | k | merged: verdict | constraints | terms | pairs merged | s | --no-merge-calls: verdict | constraints | terms | s |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for prog in bench/recursion/bst3.gcl bench/recursion/bst3.c; do
    skip=0
    for k in 2 3 4 5 6 7 8 9 10; do
      IFS='|' read -r v1 c1 t1 m1 s1 <<<"$(run "$prog" --entry main --unwind "$k")"
      if [ "$skip" = 1 ]; then
        v2="not run (slower bound timed out)"; c2=""; t2=""; s2=""
      else
        IFS='|' read -r v2 c2 t2 _ s2 <<<"$(run "$prog" --entry main --unwind "$k" --no-merge-calls)"
        [ "$v2" = timeout ] && skip=1 && v2="timeout (> $limit s)"
      fi
      echo "| $(basename "$prog") | $k | $v1 | $c1 | $t1 | $m1 | $s1 | $v2 | $c2 | $t2 | $s2 |"
    done
  done
  echo
  echo "## C against GCL: the corpus' heap programs (main, default bounds)"
  echo
  echo "| program | GCL verdict | GCL s | GCL terms | C verdict | C s | C terms | C/GCL time | C/GCL terms |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for g in bench/corpus/heap/*.gcl; do
    c=${g%.gcl}.c
    [ -f "$c" ] || continue
    IFS='|' read -r gv _ gt _ gs <<<"$(run "$g")"
    IFS='|' read -r cv _ ct _ cs <<<"$(run "$c")"
    ratio=$(python3 -c 'import sys
a, b = sys.argv[1:3]
try: print("%.1f×" % (float(b) / float(a)))
except Exception: print("–")' "${gs:-x}" "${cs:-x}")
    tratio=$(python3 -c 'import sys
a, b = sys.argv[1:3]
try: print("%.1f×" % (float(b) / float(a)))
except Exception: print("–")' "${gt:-x}" "${ct:-x}")
    echo "| $(basename "${g%.gcl}") | $gv | ${gs:-} | ${gt:-} | $cv | ${cs:-} | ${ct:-} | $ratio | $tratio |"
  done
} >"$out"
