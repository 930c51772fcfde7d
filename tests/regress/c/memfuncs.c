// C front end: malloc/calloc of arrays, memset, memcpy and memmove as counted IR loops over the elements
// (frontend/c/README.md, *memset, memcpy*); memcpy of overlapping memory is a failure (C leaves it
// undefined), memmove copies downward when the destination is after the source; the value of the call (the
// destination) can be used.
// RUN: locus run %s --seed 1
// CHECK: outcome: ok
// CHECK: result: 120
// RUN: locus run %s --entry overlap
// EXIT: 1
// CHECK: failure (assert)
// CHECK: memcpy of overlapping memory: memcpy(a + 1, a, 3 * sizeof(int))
// RUN: locus run %s --entry beyond --seed 1
// EXIT: 1
// CHECK: failure (bounds)
// RUN: locus ir %s --no-tags --no-ranges
// CHECK-LABEL: proc main()
// CHECK: t0 := new int32[8i64] nondet;
// CHECK: while (b0) unwind 8 {
#include <stdlib.h>
#include <string.h>

int overlap(void) {
  int a[4] = {1, 2, 3, 4};
  memcpy(a + 1, a, 3 * sizeof(int));
  return a[3];
}

int beyond(void) {
  int a[4];
  memset(a, 0, 5 * sizeof(int));
  return a[0];
}

int main(void) {
  int *h = malloc(8 * sizeof(int));
  memset(h, 0, 8 * sizeof(int));
  int *z = calloc(4, sizeof(int));
  for (int i = 0; i < 4; i++)
    z[i] = i + 1;                          // 1 2 3 4
  int *d = memcpy(h + 2, z, sizeof(int) * 4); // h: 0 0 1 2 3 4 0 0
  memmove(h + 3, h + 2, 4 * sizeof(int));     // h: 0 0 1 1 2 3 4 0
  memmove(h, h + 1, 3 * sizeof(int));         // h: 0 1 1 1 2 3 4 0
  unsigned char bytes[3];
  memset(bytes, 0xab, sizeof bytes);
  int s = 0;
  for (int i = 0; i < 8; i++)
    s = s * 2 + h[i];
  return s % 100 + d[0] + bytes[2] - 100;
}
