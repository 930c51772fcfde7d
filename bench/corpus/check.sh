#!/usr/bin/env bash
# Checks the benchmark corpus (bench/corpus/programs.json) with a locus binary and gcc.
#
#   bench/corpus/check.sh [-l LOCUS] [--solvers z3,cvc5] [--timeout S] [--only REGEX] [--no-c] [--no-sanity]
#                         [--skip-c-verify REGEX] [--times FILE]
#
# For every program of the manifest:
#   1. locus check, locus test and, per solver, locus verify (entry/unwind/heap from the manifest) on the GCL
#      file: exit 0 and SAFE expected; the verify wall-clock time is recorded;
#   2. the C file: gcl2c.py --check (heap programs: the C file is still the translation of the GCL file);
#      gcc -fsanitize=address,undefined with harness/nondet.c, then one native run per `// NONDET:` line
#      (exit 0 expected; 77 = an assumption failed, which is an error for these fixed inputs) and 20 runs with
#      random nondet values (SEED=1..20; exit 0 or 77 expected);
#      if the locus binary has the C front end: locus check and locus verify (first solver) on the C file
#      (not for the ids --skip-c-verify matches: their C verify is too slow for the run, and says so);
#   3. the papers' faults (papers/faults.json): every faulty version must be found by locus verify (the C
#      versions of programs --skip-c-verify matches are left out);
#   4. spec strength (unless --no-sanity): every hand-written bug in sanity/mutants.txt is applied to a scratch
#      copy and locus verify must report FAILED (exit 1), or an unwinding-assertion failure (exit 3) for a bug
#      that makes a loop run on.
# Prints one line per step that fails, a per-program timing table and min/median/max per solver.
# Exit status: 0 when everything passed, 1 otherwise.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCUS="${LOCUS:-$HERE/../../build/tools/locus}"
SOLVERS="z3"
TIMEOUT=""
ONLY="."
SKIP_C_VERIFY=""
DO_C=1
DO_SANITY=1
TIMES=""
while [ $# -gt 0 ]; do
  case "$1" in
    -l|--locus) LOCUS="$2"; shift 2 ;;
    --solvers) SOLVERS="$2"; shift 2 ;;
    --timeout) TIMEOUT="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;
    --skip-c-verify) SKIP_C_VERIFY="$2"; shift 2 ;;
    --no-c) DO_C=0; shift ;;
    --no-sanity) DO_SANITY=0; shift ;;
    --times) TIMES="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "check.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$LOCUS" ] || { echo "check.sh: no locus binary at $LOCUS (use -l)" >&2; exit 2; }
LOCUS="$(cd "$(dirname "$LOCUS")" && pwd)/$(basename "$LOCUS")"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1
cd "$HERE"

fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
now() { date +%s.%N; }
elapsed() { python3 -c "print('%.2f' % ($2 - $1))"; }

has_c_frontend=0
printf 'int main(void) { return 0; }\n' > "$WORK/probe.c"
"$LOCUS" check "$WORK/probe.c" > /dev/null 2>&1 && has_c_frontend=1
[ $has_c_frontend = 1 ] || echo "note: $LOCUS has no C front end; C files are checked with gcc only"

if [ $DO_C = 1 ]; then
  python3 tools/gcl2c.py --check heap/*.gcl || fail "gcl2c: C files out of date (run tools/gcl2c.py heap/*.gcl)"
fi
python3 tools/manifest.py --check || fail "programs.json out of date (run tools/manifest.py)"
python3 tools/faults.py --check || fail "papers/faults.json out of date (run tools/faults.py)"

IFS=',' read -r -a solver_list <<< "$SOLVERS"
verify_opts() { echo "--entry $1 --unwind $2 --heap $3 ${TIMEOUT:+--timeout $TIMEOUT}"; }

printf '%-16s %-24s' "id" "name" > "$WORK/table"
for s in "${solver_list[@]}"; do printf ' %9s' "$s" >> "$WORK/table"; done
[ $has_c_frontend = 1 ] && printf ' %9s' "c:${solver_list[0]}" >> "$WORK/table"
echo >> "$WORK/table"

python3 - "$ONLY" > "$WORK/programs" <<'PY'
import json, re, sys
for p in json.load(open("programs.json"))["programs"]:
    if re.search(sys.argv[1], p["id"] + " " + p["name"]):
        print("\t".join([p["id"], p["name"], p["files"]["gcl"], p["files"].get("c", "-"), p["entry"],
                         str(p["unwind"]), str(p["heap"]), ";".join(p.get("c_nondet_runs", []))]))
PY

while IFS=$'\t' read -r id name gcl cfile entry unwind heap nondets; do
  opts="$(verify_opts "$entry" "$unwind" "$heap")"
  "$LOCUS" check "$gcl" > "$WORK/out" 2>&1 || { fail "$id check"; cat "$WORK/out"; }
  "$LOCUS" test "$gcl" > "$WORK/out" 2>&1 || { fail "$id test"; cat "$WORK/out"; }
  printf '%-16s %-24s' "$id" "$name" >> "$WORK/table"
  for s in "${solver_list[@]}"; do
    t0=$(now)
    # shellcheck disable=SC2086
    "$LOCUS" verify "$gcl" $opts --solver "$s" > "$WORK/out" 2>&1
    rc=$?
    t=$(elapsed "$t0" "$(now)")
    if [ $rc = 0 ] && grep -q '^SAFE' "$WORK/out"; then
      printf ' %9s' "$t" >> "$WORK/table"
      [ -n "$TIMES" ] && printf '%s\t%s\tgcl\t%s\n' "$id" "$s" "$t" >> "$TIMES"
    else
      printf ' %9s' "rc=$rc" >> "$WORK/table"
      fail "$id verify --solver $s (exit $rc)"; head -20 "$WORK/out"
    fi
  done
  if [ $DO_C = 1 ] && [ "$cfile" != "-" ]; then
    if gcc -std=c11 -Wall -Wextra -Werror -Wno-unused-variable -Wno-unused-parameter -fsanitize=address,undefined \
        -fno-sanitize-recover=all -g "$cfile" harness/nondet.c -o "$WORK/prog" > "$WORK/out" 2>&1; then
      IFS=';' read -r -a runs <<< "$nondets"
      for nd in "${runs[@]}"; do
        NONDET="$nd" "$WORK/prog" > "$WORK/out" 2>&1
        rc=$?
        [ $rc = 0 ] || { fail "$id native run NONDET=$nd (exit $rc)"; head -10 "$WORK/out"; }
      done
      for seed in $(seq 1 20); do
        SEED=$seed "$WORK/prog" > "$WORK/out" 2>&1
        rc=$?
        [ $rc = 0 ] || [ $rc = 77 ] || { fail "$id native run SEED=$seed (exit $rc)"; head -10 "$WORK/out"; }
      done
    else
      fail "$id gcc"; head -20 "$WORK/out"
    fi
    if [ $has_c_frontend = 1 ] && [ -n "$SKIP_C_VERIFY" ] && [[ "$id" =~ $SKIP_C_VERIFY ]]; then
      "$LOCUS" check "$cfile" > "$WORK/out" 2>&1 || { fail "$id check (C)"; head -10 "$WORK/out"; }
      printf ' %9s' "skipped" >> "$WORK/table"
      echo "note: $id: C verify skipped (--skip-c-verify)"
    elif [ $has_c_frontend = 1 ]; then
      "$LOCUS" check "$cfile" > "$WORK/out" 2>&1 || { fail "$id check (C)"; head -10 "$WORK/out"; }
      t0=$(now)
      # shellcheck disable=SC2086
      "$LOCUS" verify "$cfile" $opts --solver "${solver_list[0]}" > "$WORK/out" 2>&1
      rc=$?
      t=$(elapsed "$t0" "$(now)")
      if [ $rc = 0 ] && grep -q '^SAFE' "$WORK/out"; then
        printf ' %9s' "$t" >> "$WORK/table"
        [ -n "$TIMES" ] && printf '%s\t%s\tc\t%s\n' "$id" "${solver_list[0]}" "$t" >> "$TIMES"
      else
        printf ' %9s' "rc=$rc" >> "$WORK/table"
        fail "$id verify (C) (exit $rc)"; head -20 "$WORK/out"
      fi
    fi
  fi
  echo >> "$WORK/table"
done < "$WORK/programs"

if [ $DO_SANITY = 1 ]; then
  n=0
  while IFS= read -r line; do
    case "$line" in ''|'#'*) continue ;; esac
    id="${line%% | *}"
    grep -q "^$id	" "$WORK/programs" || continue
    n=$((n + 1))
    row="$(grep "^$id	" "$WORK/programs")"
    gcl="$(echo "$row" | cut -f3)"; entry="$(echo "$row" | cut -f5)"
    unwind="$(echo "$row" | cut -f6)"; heap="$(echo "$row" | cut -f7)"
    mut="$WORK/$(basename "$gcl")"
    if ! python3 tools/mutate_text.py "$gcl" "$line" > "$mut"; then
      fail "sanity: cannot apply: $line"; continue
    fi
    # shellcheck disable=SC2046
    "$LOCUS" verify "$mut" $(verify_opts "$entry" "$unwind" "$heap") --solver "${solver_list[0]}" > "$WORK/out" 2>&1
    rc=$?
    if [ $rc = 3 ] && grep -q 'unwinding assertion' "$WORK/out"; then rc=1; fi
    [ $rc = 1 ] || fail "sanity: bug not caught (exit $rc): $line"
  done < sanity/mutants.txt
  echo "sanity: $n hand-written bugs tried"
fi

# The papers' injected faults (papers/faults.json): every faulty version must be found (FAILED, or an
# unwinding-assertion failure for a fault that makes a loop run on), in GCL and, with the C front end, in C.
detected() {  # file entry unwind heap
  "$LOCUS" verify "$1" --entry "$2" --unwind "$3" --heap "$4" --solver "${solver_list[0]}" \
    ${TIMEOUT:+--timeout $TIMEOUT} > "$WORK/out" 2>&1
  local rc=$?
  [ $rc = 1 ] || { [ $rc = 3 ] && grep -q 'unwinding assertion' "$WORK/out"; }
}
nf=0
for fid in $(python3 tools/faults.py list); do
  pid="${fid%%/*}"
  row="$(grep "^$pid	" "$WORK/programs")" || continue
  entry="$(echo "$row" | cut -f5)"; unwind="$(echo "$row" | cut -f6)"; heap="$(echo "$row" | cut -f7)"
  nf=$((nf + 1))
  python3 tools/faults.py apply "$fid" gcl > "$WORK/fault.gcl" || { fail "fault $fid: cannot apply (gcl)"; continue; }
  detected "$WORK/fault.gcl" "$entry" "$unwind" "$heap" || fail "fault $fid not found in GCL"
  if [ $has_c_frontend = 1 ] && ! { [ -n "$SKIP_C_VERIFY" ] && [[ "$pid" =~ $SKIP_C_VERIFY ]]; }; then
    python3 tools/faults.py apply "$fid" c > "$WORK/fault.c" || { fail "fault $fid: cannot apply (c)"; continue; }
    detected "$WORK/fault.c" "$entry" "$unwind" "$heap" || fail "fault $fid not found in C"
  fi
done
[ $nf = 0 ] || echo "faults: $nf faulty versions of the papers' programs tried"

echo
cat "$WORK/table"
python3 - "$WORK/table" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
head, rows = rows[0], rows[1:]
for k, col in enumerate(head[2:], start=2):
    ts = sorted(float(r[k]) for r in rows if len(r) > k and not r[k].startswith("rc=") and r[k] != "skipped")
    if ts:
        slow = [r[0] for r in rows if len(r) > k and not r[k].startswith("rc=") and r[k] != "skipped" and float(r[k]) > 2.0]
        print("%-9s n=%d min %.2f s  median %.2f s  max %.2f s  total %.1f s%s" % (
            col, len(ts), ts[0], statistics.median(ts), ts[-1], sum(ts),
            ("  (> 2 s: " + ", ".join(slow) + ")") if slow else ""))
PY
if [ $fails = 0 ]; then echo "corpus: all checks passed"; else echo "corpus: $fails check(s) failed"; fi
[ $fails = 0 ]
