#include <stdio.h>

int main(void) {
  int n, s;
  int count = 0, passed = 0;
  if (scanf("%d", &n) != 1)
    return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &s) != 1)
      return 1;
    count++;
    if (s > 50)
      passed++;
  }
  printf("passed %d of %d\n", passed, count);
  return 0;
}

// A student program with scanf and printf, its specification a test suite with a reference program: the
// scanf reads are facts (the comparisons of their results are code), and so are the print's format and
// that it prints; its arguments are candidates. No method blames a scan (the `n, s` declaration's
// indeterminate values are nondet reads: facts too). The fault is line 12 (`s > 50` for `s >= 50`).
// RUN: locus localize %s --tests %S/Inputs/facts_io --reference %S/Inputs/facts_io_ref.c --method maxsat
// EXIT: 1
// CHECK: sets (
// CHECK-NOT: value of #{{(1|2|5|12)}} @
// CHECK: ranking:
// CHECK: facts_io.c:12:9
// RUN: locus localize %s --tests %S/Inputs/facts_io --reference %S/Inputs/facts_io_ref.c --method sbfl
// EXIT: 1
// CHECK: ranking:
// CHECK-NOT: facts_io.c:4:
// CHECK: facts_io.c:12:9
