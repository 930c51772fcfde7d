// `#pragma locus unwind K` right before a loop or a function definition (blank and comment lines may come
// between) is that loop's bound, or that function's recursion bound, instead of --unwind (issue 19).
// RUN: locus verify %s --unwind 2
// CHECK: SAFE (up to unwind 2; loop #
// CHECK-SAME: unwind_pragma.c:27:3: 12; recursion of digits: 5)
// RUN: locus ir %s --no-tags
// CHECK: proc digits(n: int32) returns (result: int32) unwind 5
// CHECK: while (b0) unwind 12 {
// RUN: locus verify %s --unwind 2 --unwind-proc digits=2
// EXIT: 3
// CHECK: UNKNOWN: unwinding assertion: recursion deeper than 2 (increase --unwind-proc digits=2)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

#pragma locus unwind 5
int digits(int n) {
  if (n < 10)
    return 1;
  return 1 + digits(n / 10);
}

int main(void) {
  int i = 0, n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 9999);
  // the specification's loop needs 10 iterations; the rest of the program 2
#pragma locus unwind 12
  while (i < 10)
    i++;
  int d = digits(n);
  assert(d >= 1 && d <= 4);
  assert(i == 10);
  return 0;
}
