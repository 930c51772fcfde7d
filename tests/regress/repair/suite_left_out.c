// A test on which the reference itself fails is no specification (issue 29): `test`, `localize` and `repair`
// report it and leave it out; only a suite with no test left is an error. The reference reads argv[2]
// without checking argc, so the suite's line 4 (one argument) makes it fail.
// RUN: locus test %s --tests %S/Inputs/suite_left_out.txt --reference %S/Inputs/suite_left_out_ref.c
// EXIT: 1
// CHECK: PASS line 2 (3 5)
// CHECK: FAIL line 3 (4 5)
// CHECK: SKIP line 4 (9): the reference does not end ok on this test (failure: {{.*}}): left out
// CHECK: 1 passed, 1 failed, 1 left out (the reference does not end ok on them)
// RUN: locus localize %s --tests %S/Inputs/suite_left_out.txt --reference %S/Inputs/suite_left_out_ref.c
// EXIT: 1
// CHECK: warning: --tests: line 4 of {{.*}}suite_left_out.txt: the reference does not end ok on this test
// CHECK: (test line 3 of {{.*}}suite_left_out.txt (1 of 2 tests fail)
// CHECK: ranking:
// CHECK: suite_left_out.c:31:7
// RUN: locus repair %s --tests %S/Inputs/suite_left_out.txt --reference %S/Inputs/suite_left_out_ref.c
// EXIT: 1
// CHECK: warning: --tests: line 4 of {{.*}}suite_left_out.txt: the reference does not end ok on this test
// CHECK: repair 1 (1 change, {{.*}}): plausible: the suite's 2 tests pass
// CHECK: REPAIRED: 1 repair
// RUN: locus test %s --tests %S/Inputs/suite_left_out_none.txt --reference %S/Inputs/suite_left_out_ref.c
// EXIT: 2
// CHECK: SKIP line 1 (9)
// CHECK: 0 passed, 0 failed, 1 left out
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 3)
    return 2;
  int d = atoi(argv[1]) - atoi(argv[2]);
  if (d < -1) // bug: should be d < 0
    d = -d;
  printf("%d\n", d);
  return 0;
}
