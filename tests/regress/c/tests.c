// C front end: `locus test` runs the functions named test_* that take no parameters and return void.
// RUN: locus test %s
// EXIT: 1
// CHECK: PASS test_abs_positive
// CHECK: FAIL test_abs_minus_one
// CHECK-SAME: tests.c:29:3
// CHECK: PASS test_abs_zero
// CHECK: 2 passed, 1 failed
// CHECK-NOT: test_helper
#include <assert.h>

int abs_value(int x) {
  int r = x;
  if (x < -1) // bug: should be x < 0
    r = -x;
  return r;
}

int test_helper(int x) { // has a parameter: an ordinary function, not a test
  return x;
}

void test_abs_positive(void) {
  assert(abs_value(3) == 3);
}

void test_abs_minus_one(void) {
  int a = abs_value(-1);
  assert(a == 1);
}

void test_abs_zero(void) {
  assert(abs_value(0) == 0);
}
