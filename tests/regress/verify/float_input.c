// A counterexample whose verdict depends on a float read from symbolic stdin (%f, %lf): the solver picks the
// value freely, and the counterexample's stdin spells it so that glibc's scanf reads exactly that value
// (before this, the stdin was the model's raw bytes and the replay was an internal error).
// The reference case: `x > 2.0` against `x >= 2.0` (Inputs/float_input_ref.c) differ only at 2.
// RUN: locus verify %s --reference %S/Inputs/float_input_ref.c --solver cvc5 --timeout 60
// EXIT: 1
// CHECK: FAILED: output
// CHECK: stdin: "{{( |\\n)*}}2{{( |\\n)*}}"
// CHECK: counterexample (replayed by the interpreter)
// CHECK: output: "0\n"
// CHECK: reference output: "1\n"
// The same with a fixed test suite (fixed input: glibc's outcome at every position).
// RUN: locus localize %s --tests %S/Inputs/float_input_suite --reference %S/Inputs/float_input_ref.c --solver %solver --timeout 60
// EXIT: 1
// CHECK: test two of
// CHECK: stdin: "2\n"
// CHECK: ranking:
// An assertion on the value read, on both solvers.
// RUN: locus verify %s --entry one --solver %solver --timeout 60
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: stdin: "{{( |\\n)*}}2.5{{( |\\n)*}}"
// CHECK: counterexample (replayed by the interpreter)
// Two floats read by one scanf, then a float and a double with nothing between them: the first one's
// spelling must not run into the second one's.
// RUN: locus verify %s --entry two --solver %solver --timeout 60
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: stdin: "{{( |\\n)*}}1.5{{( +|\\n|-)[0-9]}}
// CHECK: counterexample (replayed by the interpreter)
// RUN: locus verify %s --entry mixed --solver %solver --timeout 60
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: stdin: "{{( |\\n)*}}0.25{{( |\\n)*}}-0
// CHECK: counterexample (replayed by the interpreter)
// SOLVERS: z3 cvc5
#include <assert.h>
#include <stdio.h>

int main(void) {
  double x;
  if (scanf("%lf", &x) != 1)
    return 1;
  printf("%d\n", x > 2.0);
  return 0;
}

int one(void) {
  double x;
  if (scanf("%lf", &x) != 1)
    return 0;
  assert(x != 2.5);
  return 0;
}

int two(void) {
  double a, b;
  if (scanf("%lf %lf", &a, &b) != 2)
    return 0;
  assert(!(a == 1.5 && b > 100.0));
  return 0;
}

int mixed(void) {
  float a;
  double b;
  if (scanf("%f%lf", &a, &b) != 2)
    return 0;
  assert(a != 0.25f || b != 0.0 || 1 / b > 0); // b is -0.0
  return 0;
}
