#!/usr/bin/env bash
# Builds and tests locus: the main build with all tests, an ASan+UBSan build with the quick tests (less the
# solver-bound ones), and a short libFuzzer run of each front end (GCL and C); MUTANTS=N adds a mutation check.
# Usage: scripts/test.sh [--quick]  (--quick: main build and its tests only)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
QUICK=0
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK=1 ;;
    -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done
JOBS=${JOBS:-2}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}

section() { printf '\n==== %s\n' "$*"; }
T0=$(date +%s)
step_start=$T0
timing() { local now; now=$(date +%s); echo "---- $1: $(( now - step_start )) s"; step_start=$now; }

section "main build (build/, RelWithDebInfo at -O2 -g1)"
# -g1 (line tables, enough for a backtrace) compiles about 30 % faster than -g (tools/bench_verify.cpp: 20 s
# against 28 s); the sanitizer and fuzz builds below use -O1 -g1 for the same reason.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
cmake --build build -j "$JOBS"
timing "main build"

section "main tests (ctest, every label but manual)"
ctest --test-dir build --output-on-failure -j "$JOBS" -LE manual
timing "main tests"

if [ "$QUICK" -eq 1 ]; then
  section "done (--quick: skipped the mutation check, the sanitizer build and the fuzzer) in $(( $(date +%s) - T0 )) s"
  exit 0
fi

# The mutation check (scripts/mutation-check.sh: operator/constant mutants of the interpreter, the encoder and
# the C lowering, each of which must fail `ctest -L quick`) is a developer's gate before committing a change to
# those files (tests/README.md, "Mutation check"), not a CI step: each mutant relinks every binary and reruns
# the quick tests, minutes per mutant, and its sample moves with every edit of the mutated files. MUTANTS=N
# runs a sample of N here, reported but not a gate unless MUTATION_GATE=1.
MUTANTS=${MUTANTS:-0}
if [ "$MUTANTS" -gt 0 ]; then
  section "mutation check ($MUTANTS mutants, seed 1, ctest -L quick; report only unless MUTATION_GATE=1)"
  gate=(--keep-going)
  [ "${MUTATION_GATE:-0}" = 1 ] && gate=()
  bash scripts/mutation-check.sh --build build --sample "$MUTANTS" --seed 1 --jobs "$JOBS" "${gate[@]}"
  timing "mutation check"
fi

section "ASan+UBSan build (build-asan/, -O1 -g1)"
# -O1 -g1 (line tables for the reports' stack traces) compiles in less than half the time of -O2 -g with the
# sanitizers on (repair/localize/pwp.cpp: 19 s against 45 s), and the sanitizer build is CI's longest step.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOCUS_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"
cmake --build build-asan -j "$JOBS"
timing "sanitizer build"

# The quick unit tests, and the quick regression files that run locus end to end through its front ends,
# interpreter, driver and debugger: the GCL errors, `run`, the driver, the debugger, the papers' examples
# (verify, localize and repair on them), the C files of regress/c/ itself, ir/, check/, the runner's self-test,
# SARIF and the install. Left out are the solver-bound ones — regress/{verify,localize,repair,mutate}/, the C
# verification tasks, ints/, twins/ and errors/ of regress/c/, the cvc5/smtlib runs of a file already run on z3
# — and the C front end's differential test against gcc (cdiff/): a locus process starts in 0.3 s under the
# sanitizers (0.7 s with the leak check at its exit; 0.1 s in the main build), and those repeat the front-end
# and encoder paths the included ones take, for solver time. The libraries they run (encoder, localize, repair)
# run under the sanitizers in their unit tests, and the fuzz stage below runs every .c and .gcl file of the
# tree as seeds through the front ends under ASan+UBSan. ASAN_ALL=1: every quick test (about 25 minutes on 2 cores).
ASAN_INCLUDE='^unit/|^regress/(errors|run|driver|debug|papers|ir|check)/|^regress/c/[^/]*$|^regress-selftest/|^(sarif|install)/'
ASAN_EXCLUDE=':(cvc5|smtlib)$'
if [ "${ASAN_ALL:-0}" = 1 ]; then
  ASAN_INCLUDE='.'
  ASAN_EXCLUDE='^regress/c/tasks/|:(cvc5|smtlib)$|^cdiff/'
fi
section "ASan+UBSan tests (ctest -L quick -R '$ASAN_INCLUDE' -E '$ASAN_EXCLUDE')"
LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/tests/lsan.supp:print_suppressions=0} \
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  ctest --test-dir build-asan --output-on-failure -j "$JOBS" -L quick -R "$ASAN_INCLUDE" -E "$ASAN_EXCLUDE"
timing "sanitizer tests"

section "fuzz build (build-fuzz/, clang-14, libFuzzer)"
# LOCUS_TESTS stays ON because tests/fuzz is added from tests/CMakeLists.txt; only the fuzz targets are built.
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DLOCUS_FUZZ=ON -DLOCUS_TESTS=ON
cmake --build build-fuzz -j "$JOBS" --target fuzz_frontend fuzz_cfrontend
timing "fuzz build"

# fuzz TARGET EXT: runs build-fuzz/tests/fuzz/TARGET for FUZZ_SECONDS, seeded with every *.EXT of the tree.
fuzz() {
  local target=$1 ext=$2 corpus n=0
  section "fuzzing $target (seeds: the tree's .$ext files) for at most ${FUZZ_SECONDS} s"
  corpus=$(mktemp -d "${TMPDIR:-/tmp}/locus-fuzz-$ext.XXXXXX")
  while IFS= read -r -d '' f; do
    n=$((n + 1))
    cp "$f" "$corpus/seed$n.$ext"
  done < <(find "$ROOT" -name "*.$ext" -not -path "$ROOT/build*" -print0)
  echo "corpus: $n seed files in $corpus"
  # Crash reproducers (crash-*, timeout-*, leak-*) land in build-fuzz/ so CI can keep them.
  (cd build-fuzz && "./tests/fuzz/$target" "$corpus" -max_total_time="$FUZZ_SECONDS" -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1)
  rm -rf "$corpus"
  timing "fuzzing $target"
}
fuzz fuzz_frontend gcl
fuzz fuzz_cfrontend c

section "all tests passed in $(( $(date +%s) - T0 )) s"
