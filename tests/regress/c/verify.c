// C front end + bounded verification: C programs verified with Z3 and cvc5 (heap, arithmetic, arrays,
// built-ins), and C division semantics (truncation) checked symbolically in math and bv32 integers.
// RUN: locus verify %s --entry division --solver z3
// CHECK: SAFE
// RUN: locus verify %s --entry division --solver cvc5
// CHECK: SAFE
// RUN: locus verify %s --entry overflow --solver z3 --ints bv32
// EXIT: 1
// CHECK: FAILED: assert
// RUN: locus verify %s --entry overflow --solver cvc5
// CHECK: SAFE
// RUN: locus verify %S/heap.c --solver z3
// CHECK: SAFE
// RUN: locus verify %S/heap.c --solver cvc5
// CHECK: SAFE
// RUN: locus verify %S/heap.c --entry deref_null --solver z3
// EXIT: 1
// CHECK: FAILED: null-deref
// RUN: locus verify %S/heap.c --entry deref_null --solver cvc5
// EXIT: 1
// CHECK: FAILED: null-deref
// RUN: locus verify %S/arith.c --entry divzero --solver z3 --ints bv32
// EXIT: 1
// CHECK: FAILED: div-by-zero
// RUN: locus verify %S/arith.c --entry divzero --solver cvc5
// EXIT: 1
// CHECK: FAILED: div-by-zero
// RUN: locus verify %S/arrays.c --entry oob --solver z3
// EXIT: 1
// CHECK: FAILED: bounds
// RUN: locus verify %S/arrays.c --entry oob --solver cvc5
// EXIT: 1
// CHECK: FAILED: bounds
// RUN: locus verify %S/builtins.c --solver z3
// EXIT: 1
// CHECK: FAILED: assert
// RUN: locus verify %S/builtins.c --solver cvc5
// EXIT: 1
// CHECK: FAILED: assert
// RUN: locus verify %S/control.c --solver z3 --unwind 12
// CHECK: SAFE
#include <assert.h>

void division(int a, int b) {
  __VERIFIER_assume(b != 0);
  int q = a / b, r = a % b;
  assert(q * b + r == a);
  assert(r == 0 || (r < 0) == (a < 0)); // the remainder has the sign of the dividend
}

void overflow(int a) {
  __VERIFIER_assume(a > 0);
  assert(a + 1 > a); // fails only with 32-bit wrap-around
}
