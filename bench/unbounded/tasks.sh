#!/bin/sh
# The verification-task-style programs of tests/regress/c/tasks under plain BMC (--unwind 10), --unwind auto
# and --k-induction: one line per entry (main: safe; buggy: a reachable error) with each mode's verdict and
# wall time. Usage: bench/unbounded/tasks.sh LOCUS [TIMEOUT_S] > out.tsv   (run from the source root)
LOCUS=${1:?usage: tasks.sh LOCUS [TIMEOUT_S]}
T=${2:-20}
verdict() { # mode args…: prints "verdict seconds"
  start=$(date +%s.%N)
  out=$("$LOCUS" verify "$@" --timeout "$T" 2>&1 | head -1)
  end=$(date +%s.%N)
  v=$(printf '%s' "$out" | sed -E 's/^(SAFE|FAILED|UNKNOWN)[^a-z]*.*/\1/; t; s/.*/ERROR/')
  case "$out" in SAFE\ \(k-induction*) v=SAFE-kind ;; SAFE\ \(all*) v=SAFE-all ;; esac
  printf '%s\t%.2f' "$v" "$(echo "$end - $start" | bc)"
}
printf 'file\tentry\texpected\tplain10\ttime\tauto\ttime\tkind\ttime\n'
for f in tests/regress/c/tasks/*.c; do
  for e in main buggy; do
    grep -q "^[a-z].* $e(" "$f" || continue
    exp=safe; [ "$e" = buggy ] && exp=failed
    ints=$(grep -o -m1 -- '--ints [a-z0-9]*' "$f" | head -1) # the integer semantics the file's RUN lines use
    # shellcheck disable=SC2086
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$f")" "$e" "$exp" "$(verdict "$f" --entry "$e" $ints --unwind 10)" \
      "$(verdict "$f" --entry "$e" $ints --unwind auto)" "$(verdict "$f" --entry "$e" $ints --k-induction)"
  done
done
