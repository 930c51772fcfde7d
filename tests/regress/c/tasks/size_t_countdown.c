// Task style (issue 17): counting down with a size_t index: `i-- > 0` stops at 0; `i >= 0` is always true for
// an unsigned index and walks out of the array.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 7 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 5
int main(void) {
  int a[N];
  for (size_t i = 0; i < N; i++)
    a[i] = 1;
  int s = 0;
  for (size_t i = N; i-- > 0;)
    s += a[i];
  if (s != N)
    reach_error();
  return 0;
}
int buggy(void) {
  int a[N];
  for (size_t i = 0; i < N; i++)
    a[i] = 1;
  int s = 0;
  for (size_t i = N - 1; i >= 0; i--)
    s += a[i];
  return s;
}
