// A declaration's size is the fault (issue 30 item 4): `int t[3]` for `int t[4]`, so the write of t[3] is
// out of bounds. The length an array declaration allocates is the value of its statement: maxsat, ofc and
// mbd relax it (any length in range), must's dynamic slice reaches it through the bounds check, and the
// declaration is ranked 1 by each. Before, no set of statement parts explained the failure.
// RUN: locus localize %s --method all
// EXIT: 1
// CHECK: failure: bounds failed at {{.*}}array_size.c:17:3
// CHECK: side by side
// CHECK: array_size.c:13:7 {{ +1 +1 +1 +1 +- +- +-}} {{ *}}int t[3];
#include <assert.h>

int main(void) {
  int t[3];
  t[0] = 400;
  t[1] = 500;
  t[2] = 640;
  t[3] = 740;
  int r = t[1] + t[3];
  assert(r == 1240);
  return 0;
}
