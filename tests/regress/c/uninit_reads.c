// Reads of indeterminate values made visible (issue 33 item 4): `run` and `test` say on stderr where an
// uninitialized local was read and which value the run drew for it; `verify --check-uninit` makes such a
// read a failure (without the flag the value is any value, as verification tasks treat it).
// RUN: locus run %s --entry lowestOf --args 5,5 --seed 0
// CHECK: uninit_reads.c:45:{{[0-9]+}}: note: 'lowest' read before it was written; its value was drawn: {{-?[0-9]+}}
// CHECK: if (lowest > a)
// CHECK: outcome: ok
// RUN: locus run %s --entry lowestOf --args 2,3 --seed 0
// CHECK-NOT: read before it was written
// CHECK: outcome: ok
// CHECK: result: 2
// RUN: locus run %s --entry scanned --seed 0 --stdin %S/Inputs/uninit_suite/t1.in
// CHECK-NOT: note
// CHECK: result: 4
// RUN: locus run %s --entry scanned --seed 0
// CHECK: note: 'x' read before it was written
// RUN: locus verify %s --entry lowestOf
// CHECK: SAFE
// RUN: locus verify %s --entry lowestOf --check-uninit
// EXIT: 1
// CHECK: FAILED
// CHECK: 'lowest' read before it was written
// RUN: locus verify %s --entry written --check-uninit
// CHECK: SAFE
// RUN: locus verify %s --entry scanned --check-uninit --input-bytes 3 --solver cvc5
// EXIT: 1
// CHECK: FAILED
// CHECK: 'x' read before it was written
// RUN: locus verify %s --entry scanned --check-uninit --stdin %S/Inputs/uninit_suite/t1.in
// CHECK: SAFE
// RUN: locus test %s --entry main --tests %S/Inputs/uninit_suite --reference %S/Inputs/uninit_ref.c
// EXIT: 1
// CHECK: uninit_reads.c:{{[0-9]+}}:{{[0-9]+}}: note: 'm' read before it was written; its value was drawn:
// CHECK-NOT: note:
// CHECK: passed
#include <stdio.h>

int lowestOf(int a, int b) {
  int lowest;
  if (a < b)
    lowest = a;
  if (b < a)
    lowest = b;
  // when a == b, lowest is still indeterminate here
  if (lowest > a)
    lowest = a;
  return lowest;
}

int written(int c) {
  int w;
  if (c > 0)
    w = 1;
  else
    w = 2;
  return w;
}

int scanned(void) {
  int x;
  scanf("%d", &x); // nothing read: x stays indeterminate
  return x + 1;
}

int main(void) {
  int a, b, m;
  if (scanf("%d %d", &a, &b) != 2)
    return 1;
  if (a < b)
    m = a;
  else if (b < a)
    m = b;
  printf("%d\n", m);
  return 0;
}
