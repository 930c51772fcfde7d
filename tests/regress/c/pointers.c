// C front end, pointers beyond struct pointers (frontend/c/README.md, *Memory model*): `int *` into arrays
// and to address-taken scalars (boxes), pointer arithmetic, comparison and subtraction, `int **`, pointer
// parameters and results; a null dereference and an access outside the object through a pointer are the
// element access's failures, comparing pointers into different objects is an assertion failure.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 104
// RUN: locus run %s --entry deref --args 0
// EXIT: 1
// CHECK: failure (null-deref)
// CHECK: pointers.c:{{[0-9]+}}:10: error: null dereference
// RUN: locus run %s --entry deref --args 1
// CHECK: result: 7
// RUN: locus run %s --entry past --args 4
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: index out of bounds: {{.*}} with index 4, length 4
// RUN: locus run %s --entry past --args 3
// CHECK: result: 4
// RUN: locus run %s --entry compare --seed 1
// EXIT: 1
// CHECK: failure (assert)
// CHECK: pointer comparison of different objects: p < q
// RUN: locus ir %s --no-tags --no-ranges
// CHECK-LABEL: proc largest(a: int32[], a_off: int64, n: int32)
// CHECK: q_off := q_off + 1i64;
// CHECK-LABEL: proc main()
// CHECK: x_box := new int32[1i64];
#include <stdlib.h>

int g_count; // its address is taken: a global box

int *largest(int *a, int n) {
  int *best = a;
  for (int *q = a + 1; q < a + n; q++)
    if (*q > *best)
      best = q;
  return best;
}

void add(int *to, int v) { *to += v; }

int deref(int ok) {
  int v = 7;
  int *p = ok ? &v : NULL;
  return *p;
}

int past(int k) {
  int a[4] = {1, 2, 3, 4};
  int *p = a + k;
  return *p;
}

int compare(void) {
  int a[2], b[2];
  int *p = a, *q = b;
  return p < q;
}

int main(void) {
  int a[5] = {3, 9, 4, 9, 1};
  int *m = largest(a, 5);
  int x = 10;
  add(&x, 5);
  add(&g_count, 2);
  add(&a[4], 20);
  int **pp = &m;
  **pp += 100;
  int *end = a + 5;
  return (int)(m - a) + x + g_count + a[1] - 100 + a[4] + (int)(end - a) + (m < end) + 50;
}
