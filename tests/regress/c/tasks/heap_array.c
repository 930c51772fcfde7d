// Task style (issue 17): an int array on the heap: calloc gives zeros, malloc indeterminate values; the buggy
// loop reads malloc's memory before writing it.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 6
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 6 --entry buggy
// EXIT: 1
// CHECK: FAILED
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 5);
  int *z = calloc(n, sizeof(int));
  int *m = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    m[i] = z[i] + i;
  for (int i = 0; i < n; i++)
    if (m[i] != i)
      reach_error();
  return 0;
}
int buggy(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 5);
  int *m = malloc(n * sizeof(int));
  for (int i = 1; i < n; i++)
    m[i] = i;
  for (int i = 0; i < n; i++)
    if (m[i] != i)
      reach_error();
  return 0;
}
