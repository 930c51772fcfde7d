// A global that only the test driver names — an array of test data `main` passes to the code under test — is
// one of the inputs the test builds: a fact, never blamed (its initializer and its size alike), while the
// initializer of a global the code under test names is a candidate (global_init.c). The fault is the loop's
// start (`i = 1` for `i = 0`).
// RUN: locus localize %s --method maxsat
// EXIT: 1
// CHECK: ranking:
// CHECK-NOT: int data[4]
// CHECK: {{.*}}global_test_data.c:17:12  for (int i = 1; i < n; i++)
// CHECK-NOT: int data[4]
#include <assert.h>

int data[4] = {3, 1, 4, 2};

int sum(int *a, int n) {
  int s = 0;
  for (int i = 1; i < n; i++)
    s += a[i];
  return s;
}

int main(void) {
  int r = sum(data, 4);
  assert(r == 10);
  return 0;
}
