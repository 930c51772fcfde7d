// Task style (issue 17): the sum of eight nondet elements, each in [0, 10], is at most 80; the buggy bound is
// 79.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 9
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 9 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 8
int main(void) {
  int a[N], s = 0;
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= 0 && a[i] <= 10);
  }
  for (int i = 0; i < N; i++)
    s += a[i];
  if (s > 80)
    reach_error();
  return 0;
}
int buggy(void) {
  int a[N], s = 0;
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= 0 && a[i] <= 10);
  }
  for (int i = 0; i < N; i++)
    s += a[i];
  if (s > 79)
    reach_error();
  return 0;
}
