// A global array's declared size is the fault (issue 30 item 4): `int t[3]` for `int t[4]`, so the write of
// t[3] is out of bounds. A global array is allocated before the entry runs (no statement of any procedure):
// its length is the value of a made-up allocation statement located at the declaration
// (ir/global_alloc.h), which the formula methods relax (any length in range): maxsat, must, ofc and mbd
// rank the declaration 1. Before, no set of statement parts explained the failure.
// RUN: locus localize %s --method all
// EXIT: 1
// CHECK: failure: bounds failed at {{.*}}array_size_global.c:21:3
// CHECK: value of the size of t @14:5
// CHECK: side by side
// CHECK: array_size_global.c:14:5 {{ +1 +1 +1 +1 +- +- +-}} {{ *}}int t[3];
#include <assert.h>

int t[3];

int main(void) {
  t[0] = 400;
  t[1] = 500;
  t[2] = 640;
  int r = t[1] + t[2];
  t[3] = 740;
  assert(r == 1140);
  return 0;
}
