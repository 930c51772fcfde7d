// Task style (issue 17): memset of a whole array to zero and memcpy between arrays; the buggy memset clears
// only half.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 65
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 65 --entry buggy
// EXIT: 1
// CHECK: FAILED
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 64
int main(void) {
  int a[N], b[N];
  memset(a, 0, sizeof(a));
  for (int i = 0; i < N; i += 2)
    a[i] = i;
  memcpy(b, a, sizeof(a));
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N);
  if (b[k] != (k % 2 == 0 ? k : 0))
    reach_error();
  return 0;
}
int buggy(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = 7;
  memset(a, 0, sizeof(a) / 2);
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N);
  if (a[k] != 0)
    reach_error();
  return 0;
}
