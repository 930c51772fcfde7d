// A program that reads its command line with atoi and prints its answer, checked against a test suite
// (a file of command lines, or a directory of NAME.args/NAME.out) and a reference program (issue 16):
// locus test runs the suite, locus localize explains the first failing test.
// RUN: locus test %s --tests %S/Inputs/io_suite.txt --reference %S/Inputs/io_suite_ref.c
// EXIT: 1
// CHECK: PASS {{.*}}3 5
// CHECK: FAIL {{.*}}4 5{{.*}}
// CHECK: PASS {{.*}}5 3
// CHECK: 3 passed, 1 failed
// RUN: locus test %s --tests %S/Inputs/io_suite_dir
// EXIT: 1
// CHECK: PASS far
// CHECK: FAIL near
// CHECK: 1 passed, 1 failed
// RUN: locus test %s --tests %S/Inputs/io_suite_dir --filter far
// CHECK: PASS far
// CHECK-NOT: near
// CHECK: 1 passed, 0 failed
// RUN: locus test %S/Inputs/io_suite_ref.c --tests %S/Inputs/io_suite_dir
// CHECK: 2 passed, 0 failed
// RUN: locus localize %s --tests %S/Inputs/io_suite.txt --reference %S/Inputs/io_suite_ref.c
// EXIT: 1
// CHECK: ranking:
// CHECK: io_suite.c:35:7 {{.*}}if (d < -1)
// RUN: locus localize %s --tests %S/Inputs/io_suite.txt --all-failing
// EXIT: 2
// CHECK: --tests and --all-failing/--failures exclude each other
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int d = a - b;
  if (d < -1) // bug: should be d < 0
    d = -d;
  printf("%d\n", d);
  return 0;
}
