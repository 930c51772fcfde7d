#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5)
    return 0;
  int s = 0;
  int i = 1;
  while (i < n) {
    s = s + i;
    i++;
  }
  assert(s == n * (n + 1) / 2);
  return 0;
}

// The input read `__VERIFIER_nondet_int()` (line 5) is a fact: no method ranks it (before, pwp and
// gradient did). The fault is the loop condition (line 10, `i < n` for `i <= n`).
// RUN: locus localize %s --method all
// EXIT: 1
// CHECK: side by side (rank of each line):
// CHECK-NOT: facts_nondet.c:5:
// CHECK-NOT: facts_nondet.c:14:
// CHECK: facts_nondet.c:10:
// CHECK-NOT: facts_nondet.c:14:
