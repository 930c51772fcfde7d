#include <assert.h>

int max(int x, int y) {
  int r = x;  // c1
  if (y > x)  // c3
    r = x; // c2: bug, should be r = y
  assert(r >= x && r >= y);
  return r;
}

// locus localize on Könighofer & Bloem's max in C: the buggy `r = x` in the then-branch (line 6) is the
// first CoMSS, on z3 and cvc5, from verify's counterexample and from given arguments; {c1, c3} the second.
// RUN: locus localize %s --entry max
// EXIT: 1
// CHECK: sets (2, in the order found, complete up to size 3):
// CHECK-NEXT: 1. {value of #3 @6:5}
// CHECK-NEXT: 2. {value of #1 @4:7, value of #2 @5:7}
// RUN: locus localize %s --entry max --args 1,2 --solver cvc5
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1
// CHECK-SAME: max_kb.c:6:5  r = x; // c2: bug, should be r = y
// CHECK-NEXT: 2
