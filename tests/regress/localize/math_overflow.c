// In math mode C's signed arithmetic is mathematical, so `y` holds 3000000000, beyond int's range. The
// relaxable encoding used to bound every relaxed value to its type's range even while its selector held, so
// y's own value was impossible and only the set that relaxes y was found; relaxing z alone also explains the
// failure (any other z passes the assertion), so both singletons are correction sets.
// SOLVERS: z3 cvc5
// RUN: locus localize %s --entry scale --args 100000 --solver %solver
// EXIT: 1
// CHECK: sets (2, in the order found, complete up to size 3):
// CHECK: ranking:
// CHECK-NEXT: {{^ +1 +.*math_overflow.c:15:7 +int y = x \* 30000;$}}
// CHECK-NEXT: {{^ +1 +.*math_overflow.c:16:7 +int z = y / 30000;$}}
// CHECK-NOT: {{.}}
#include <assert.h>
int scale(int x) {
  int y = x * 30000;
  int z = y / 30000;
  assert(z != x);
  return z;
}
