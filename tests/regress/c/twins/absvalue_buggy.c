// C twin of ../../papers/absvalue_buggy.gcl (Rothenberg & Grumberg, FOSFL, absValue): `locus verify` gives
// the same verdict on both, with Z3 and with cvc5, in math and bv32 integers.
// RUN: locus verify %s --entry absValue --solver z3
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --entry absValue --solver cvc5
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %S/../../papers/absvalue_buggy.gcl --entry absValue --solver z3
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --entry absValue --ints bv32
// EXIT: 1
// CHECK: FAILED
#include <assert.h>

int absValue(int x) {
  int abs = x;      // 1
  if (x < -1) {    // 2: bug: should be x <= -1 (or x < 0)
    abs = -x;       // 3
  }
  assert(abs >= 0 || x == -2147483647 - 1); // 4 (INT_MIN has no absolute value in 32 bits)
  return abs;
}
