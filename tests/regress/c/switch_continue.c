// A `continue` inside a switch sets a flag that continues the enclosing loop after the switch's IR loop.
// The flag is reset before the switch unguarded: reset under the switch's guard, a flag set in an earlier
// iteration stayed true in an iteration where the switch does not run, and the loop's rest was skipped
// (this program returned 0 instead of gcc's 2; verify proved the wrong assertion).
// SOLVERS: z3 cvc5
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 2
// RUN: locus verify %s --solver %solver --unwind 4
// CHECK: SAFE
int main(void) {
  int n = 0;
  for (int i = 0; i < 3; i++) {
    if (i == 0) {
      switch (i) {
      case 0: continue;
      }
    }
    n++;
  }
  __VERIFIER_assert(n == 2);
  return n;
}
