// A read of an uninitialized variable in the right operand of `||` or `&&` counts only where C evaluates it
// (issue 33): `n != 2 || h < 0` after a scanf that assigned nothing reads n alone. `run` notes no read then,
// and `verify --check-uninit` proves that no input makes the program read h or m before it is written; where
// the right operand does run, both report the read.
// RUN: printf '12:' > %t/in && locus run %s --stdin %t/in --seed 0
// CHECK-NOT: read before it was written
// CHECK: outcome: ok
// CHECK: output: "bad\n"
// RUN: printf 'x' > %t/in2 && locus run %s --stdin %t/in2 --seed 0
// CHECK-NOT: read before it was written
// CHECK: output: "bad\n"
// RUN: locus verify %s --check-uninit --input-bytes 4
// CHECK: SAFE
// RUN: printf '7' > %t/in3 && locus run %s --entry careless --stdin %t/in3 --seed 0
// CHECK: note: 'm' read before it was written
// RUN: locus verify %s --entry careless --check-uninit --input-bytes 2
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: 'm' read before it was written
#include <stdio.h>

int main(void) {
  int h, m;
  int n = scanf("%d:%d", &h, &m);
  if (n != 2 || h < 0 || m < 0) {
    printf("bad\n");
    return 1;
  }
  if (h > 5 && m > 5)
    printf("late\n");
  return 0;
}

int careless(void) {
  int h, m;
  int n = scanf("%d", &h);
  if (n != 1 || h < 0 || m < 0)
    return 1;
  return 0;
}
