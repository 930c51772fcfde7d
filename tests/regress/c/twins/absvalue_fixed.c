// C twin of ../../papers/absvalue_fixed.gcl (Rothenberg & Grumberg, FOSFL, absValue): `locus verify` gives
// the same verdict on both, with Z3 and with cvc5, in math and bv32 integers.
// RUN: locus verify %s --entry absValue --solver z3
// EXIT: 0
// CHECK: SAFE
// RUN: locus verify %s --entry absValue --solver cvc5
// EXIT: 0
// CHECK: SAFE
// RUN: locus verify %S/../../papers/absvalue_fixed.gcl --entry absValue --solver z3
// EXIT: 0
// CHECK: SAFE
// RUN: locus verify %s --entry absValue --ints bv32
// EXIT: 0
// CHECK: SAFE
#include <assert.h>

int absValue(int x) {
  int abs = x;      // 1
  if (x < 0) {     // 2: fixed
    abs = -x;       // 3
  }
  assert(abs >= 0 || x == -2147483647 - 1); // 4 (INT_MIN has no absolute value in 32 bits)
  return abs;
}
