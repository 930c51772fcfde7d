// bench/io/approach/v6.c (the terrain check's && written ||) repaired by proof on cvc5 against the set's
// reference: cvc5 1.0 does not stop at its time limit in proof's first repair query on this program, so the
// command's watchdog ends the repair at 1.5 times --timeout plus 5 s with the timeout's answer
// (tools/repair_cmd.cpp, runWatched). Before the watchdog it ran 10-30 s with --timeout 1 (>150 s with 30).
// RUN: locus repair %S/../../../bench/io/approach/v6.c --reference %S/../../../bench/io/approach/reference.c --method proof --solver cvc5 --timeout 1 --unwind 5 --input-bytes 12
// EXIT: 3
// CHECK: method: proof (at most 1 insertion, gradient locks) on cvc5, unwind 5
// CHECK: UNKNOWN: timeout: the solver (cvc5) did not stop at its time limit and was abandoned after 6.5 s
// CHECK-NEXT: time: 6.500 s
