// strncpy (issue 33): exactly n bytes written, the source's bytes up to its 0 and then 0s (glibc's padding),
// no 0 when the source is longer; n bytes that do not fit the destination and overlapping strings are
// failures (C leaves both undefined).
// RUN: locus run %s --stdin %S/Inputs/strncpy_4.in --seed 0
// CHECK: output: "[hello] 0 0\n[xy] 0\n[hel]\nabc\n"
// RUN: locus run %s --stdin %S/Inputs/strncpy_9.in --seed 0
// EXIT: 1
// CHECK: error: assertion failed: 'strncpy' writes its n bytes within the destination: strncpy(a, "xy", k)
// RUN: locus run %s --stdin %S/Inputs/strncpy_overlap.in --seed 0
// EXIT: 1
// CHECK: error: assertion failed: 'strncpy' of overlapping strings: strncpy(a + 2, a, 3)
// RUN: locus verify %s --stdin %S/Inputs/strncpy_4.in --unwind 9
// CHECK: SAFE
// RUN: locus verify %s --stdin %S/Inputs/strncpy_9.in --unwind 10
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: 'strncpy' writes its n bytes
#include <stdio.h>
#include <string.h>

int main(void) {
  char a[8], b[6] = "hello";
  int k = 0;
  if (scanf("%d", &k) != 1)
    return 1;
  strncpy(a, b, 8);
  printf("[%s] %d %d\n", a, a[5], a[7]);
  strncpy(a, "xy", k);
  printf("[%s] %d\n", a, a[3]);
  strncpy(a, b, 3);
  a[3] = 0;
  printf("[%s]\n", a);
  char c[3];
  strncpy(c, "abcdef", 3);
  printf("%c%c%c\n", c[0], c[1], c[2]);
  if (k == 0)
    strncpy(a + 2, a, 3);
  return 0;
}
