// bench/io/approach/v6.c (the terrain check's && written ||) repaired by proof on cvc5 against the set's
// reference. On some machines cvc5 1.0 does not stop at its time limit in proof's first repair query on this
// program; there the command's watchdog ends the repair at 1.5 times --timeout plus 5 s with the timeout's
// answer (tools/repair_cmd.cpp, runWatched). Before the watchdog it ran past 90 s with --timeout 30 and past
// the regress runner's 120 s with --timeout 10. Where cvc5 does stop (the CI machine of stop 46 answered
// after 11.5 s), the answer is the method's own timeout. Both are UNKNOWN (exit 3) within the hard limit;
// the runner's per-run limit is what fails when neither stops. With a smaller limit proof does not reach its
// first query (the failure and the gradient localization take the time), so the file is slow: about 20 s.
// SLOW
// RUN: locus repair %S/../../../bench/io/approach/v6.c --reference %S/../../../bench/io/approach/reference.c --method proof --solver cvc5 --timeout 10 --unwind 5 --input-bytes 12
// EXIT: 3
// CHECK: method: proof (at most 1 insertion, gradient locks) on cvc5, unwind 5
// CHECK: UNKNOWN: {{(timeout: the solver \(cvc5\) did not stop at its time limit and was abandoned after 20 s|the time limit ran out before a repair was found)}}
// CHECK-NEXT: time: {{(20\.000|1[0-9]\.[0-9]+)}} s
