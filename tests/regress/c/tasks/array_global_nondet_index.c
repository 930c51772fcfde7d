// Task style (issue 17): a global array of 100 000 zeros with one element set at a nondet index; every other
// element stays 0.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 100000
int a[N];
int main(void) {
  int k = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N && 0 <= j && j < N && j != k);
  a[k] = 1;
  if (a[j] != 0 || a[k] != 1)
    reach_error();
  return 0;
}
int buggy(void) {
  int k = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N && 0 <= j && j < N);
  a[k] = 1;
  if (a[j] != 0)
    reach_error();
  return 0;
}
