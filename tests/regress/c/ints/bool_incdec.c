// Issue 11 item 4: `++`, `--`, `+=` and `-=` on a _Bool as C defines them (b++ sets it, b-- flips it,
// b += k is (b + k) != 0); they were rejected.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 1
// RUN: locus verify %s
// CHECK: SAFE
// RUN: locus verify %s --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --entry bad
// EXIT: 1
// CHECK: FAILED
#include <assert.h>
#include <stdbool.h>
int main(void) {
  bool b = 0;
  b++;
  assert(b == 1);
  b++;
  assert(b == 1);
  b--;
  assert(b == 0);
  b--;
  assert(b == 1);
  bool c = b--;
  assert(c == 1 && b == 0);
  c = ++b;
  assert(c == 1 && b == 1);
  b += 2;
  assert(b == 1);
  b -= 1;
  assert(b == 0);
  b += -1;
  assert(b == 1);
  b *= 0;
  assert(b == 0);
  return b + 1;
}
int bad(void) {
  bool b = 1;
  b--;
  assert(b); // b is 0 now
  return 0;
}
