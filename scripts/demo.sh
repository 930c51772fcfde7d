#!/usr/bin/env bash
# A short tour: setup, build, then `locus test`, `run` and `verify` on the bundled reverse examples (GCL and C),
# `locus localize` on a buggy max, `locus repair`, and last the debugger's Fig. 1 session.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
section() { printf '\n==== %s\n' "$*"; }
T0=$(date +%s)

section "setup"
if [ "$(id -u)" -eq 0 ]; then
  bash scripts/setup.sh
else
  bash scripts/setup.sh || echo "(not root: assuming the packages are installed)"
fi

section "configure and build (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "${JOBS:-2}" --target locus
LOCUS=build/tools/locus

# `locus` exits 1 when a test or an assertion fails; the buggy example is supposed to.
show() { echo "\$ locus $*"; "$LOCUS" "$@" || echo "(exit $?)"; echo; }

section "the fixed doubly linked list reverse (Wolverine2, Fig. 1)"
show test examples/reverse.gcl
show verify examples/reverse.gcl

section "the buggy one (three bugs)"
show test examples/reverse_buggy.gcl
show run examples/reverse_buggy.gcl --entry main
show verify examples/reverse_buggy.gcl --solver cvc5

section "the same buggy reverse in C (lowered through clang to the same IR)"
show verify examples/reverse_buggy.c

section "fault localization: which statement explains max's failure (BugAssist on the step equation)"
show localize examples/max_buggy.c --entry max
show localize examples/max_buggy.c --test test_larger_second --weights ochiai
show localize examples/max_buggy.c --entry max --method all

section "a specification people already have: a test suite and a reference program (bench/io/grades)"
show test bench/io/grades/v1.c --tests bench/io/grades/suite --reference bench/io/grades/reference.c --filter t00
show localize bench/io/grades/v1.c --tests bench/io/grades/suite --reference bench/io/grades/reference.c

section "repair: every minimal mutation that makes absValue verify (fl-AllRepair), each patch re-verified"
show repair tests/regress/papers/absvalue_buggy.gcl --entry absValue --all
show repair tests/regress/repair/sum_c.c --entry sum_to --unwind 6
show repair examples/max_buggy.c --entry max --method template

section "heap repair (Wolverine2's proof-guided repair): a wrong assignment and a missing link in a list reversal"
show repair tests/regress/repair/proof_heap.gcl --method proof --procs reverse

section "the debugger: Wolverine2's Fig. 1 session (docs/debug.md): step, see the heap, say what you expected, repair"
echo "\$ locus debug examples/reverse_buggy.c --script examples/reverse_fig1.dbg"
"$LOCUS" debug examples/reverse_buggy.c --script examples/reverse_fig1.dbg || echo "(exit $?)"

section "done in $(( $(date +%s) - T0 )) s"
