#include <stdio.h>
int main(void) {
  double a, b;
  if (scanf("%lf %lf", &a, &b) != 2) return 1;
  double m = a < b ? a : b;
  if (m > 10.0) m = m - 1.5;
  printf("%.2f\n", m * 2.0);
  return 0;
}

// A float printed against a suite's expected text (t1: `10 12` prints 20.00, 17.00 expected; the fault is
// line 6, `>` for `>=`). The expected-output automaton reads a printed float as the range of doubles whose
// `%.2f` text is what it reads (ir::floatTextRange; docs/c.md, "Floating point"): relaxing the condition
// lets m be 8.5, whose text matches. Before, a printed float could match no text, so the formula methods
// found no set at all and the must set named only the statements that end the run before the print (the
// input check, `return 0`), which let `repair --method mutate` prune the repair away.
// RUN: locus localize %s --tests %S/Inputs/float_output --method maxsat
// EXIT: 1
// CHECK: failure: the output differs from the expected output at line 1: expected '17.00', got '20.00'
// CHECK: sets (
// CHECK: {value of #{{[0-9]+}} @6:7}
// CHECK: ranking:
// CHECK: float_output.c:6:7
// RUN: locus localize %s --tests %S/Inputs/float_output --method must
// EXIT: 1
// CHECK: sets (1,
// CHECK: value of #{{[0-9]+}} @6:7
// RUN: locus repair %s --tests %S/Inputs/float_output
// EXIT: 1
// CHECK: float_output.c:6:7: > → >=
// CHECK: REPAIRED: 1 repair
