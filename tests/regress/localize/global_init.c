// A global's initializer is the fault (issue 30 item 4): `int limit = 3;` for 4. C writes it at the start of
// main, the test driver here, which is not code under test; the initializer is a candidate all the same (a
// statement that writes a global declared in a file under test, at its declaration), and the formula
// methods rank it 1. Before, it was never blamed.
// RUN: locus localize %s --method maxsat
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}global_init.c:11:5  int limit = 3;
#include <assert.h>

int limit = 3;

int count(int n) {
  int c = 0;
  for (int i = 0; i < n && i < limit; i++)
    c = c + 1;
  return c;
}

int main(void) {
  int r = count(4);
  assert(r == 4);
  return 0;
}
