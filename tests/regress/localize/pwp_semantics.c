#include <assert.h>

unsigned next(unsigned x) {
  unsigned y = x + 1;
  assert(y > x);
  return y;
}

// pwp means what the encoder means (repair/localize/README.md, "The trace methods"): its normal form sums an
// operator only where the encoder's term of it is Int arithmetic. An unsigned `x + 1` is reduced modulo
// 2^32, so `y > x` pulled back through `y = x + 1` is `(x + 1) - x > 0` with `(x + 1)` one term, false on
// x = 4294967295 (it wraps to 0), and no actual predicate explains it: the assignment (line 4) is its slice.
// Summed as mathematical integers it would be the true `0 > -1`, and pwp would blame nothing.
// RUN: locus localize %s --method pwp --entry next --args 4294967295
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}pwp_semantics.c:4:
// CHECK-SAME: -- implicit: hypothesized (x + 1) - x > 0 (false) at the start matches no actual predicate
