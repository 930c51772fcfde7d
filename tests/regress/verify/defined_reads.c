// A counterexample that reads no indeterminate value where one exists (VerifyOptions::preferDefinedReads,
// docs/c.md): the median program prints b where the reference prints c. Its locals are uninitialized and a
// scanf that reads nothing leaves them so; the solver's first counterexample is often such an input (a lone
// '+'), whose run prints uninitialized values. The counterexample shown reads its three numbers: its stdin
// has digits, and the scan assigned every variable. Its stdin ends at the byte the last read stopped at
// (the solver's bytes after it are dropped: Outcome::inputSeen).
#include <stdio.h>

int main(void) {
  int a, b, c, m;
  scanf("%d %d %d", &a, &b, &c);
  if ((a >= b && a <= c) || (a <= b && a >= c))
    m = a;
  else if ((b >= a && b <= c) || (b <= a && b >= c))
    m = b;
  else
    m = b;
  printf("median: %d\n", m);
  return 0;
}

// RUN: locus verify %s --reference %S/Inputs/defined_reads_ref.c --timeout 60
// EXIT: 1
// CHECK: FAILED: output: the output differs from the reference's at line 1
// CHECK: stdin: "{{[^"]*[0-9][^"]*[0-9][^"]*[0-9][^0-9"]?}}"
// CHECK: counterexample (replayed by the interpreter)
// RUN: locus verify %s --reference %S/Inputs/defined_reads_ref.c --timeout 60 --json
// EXIT: 1
// CHECK: "verdict": "failed"
// CHECK-NOT: nothing read
// CHECK: "written": "a = {{-?[0-9]+}}, b = {{-?[0-9]+}}, c = {{-?[0-9]+}}"
// CHECK-NOT: nothing read
// CHECK: "exit_code": 1
// RUN: locus localize %s --reference %S/Inputs/defined_reads_ref.c --timeout 60
// EXIT: 1
// CHECK: failure: the output differs from the reference's at line 1
// CHECK: stdin: "{{[^"]*[0-9][^"]*[0-9][^"]*[0-9][^"]*}}"
// Where every counterexample reads an indeterminate value, the first stands and a note says where.
// RUN: locus verify %S/Inputs/uninit_only.c
// EXIT: 1
// CHECK: uninit_only.c:6:{{[0-9]+}}: note: 'x' read before it was written; its value was drawn: 7
// CHECK: FAILED: assert
