// Task style (issue 17): a recursive sum over a pointer and a length; the buggy recursion skips the first
// element.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 6
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 6 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int sum(int *a, int n) { return n == 0 ? 0 : a[0] + sum(a + 1, n - 1); }
int sum_bad(int *a, int n) { return n <= 1 ? 0 : a[1] + sum_bad(a + 1, n - 1); }
int main(void) {
  int a[4];
  int t = 0;
  for (int i = 0; i < 4; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= -100 && a[i] <= 100);
    t += a[i];
  }
  if (sum(a, 4) != t)
    reach_error();
  return 0;
}
int buggy(void) {
  int a[4];
  int t = 0;
  for (int i = 0; i < 4; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= -100 && a[i] <= 100);
    t += a[i];
  }
  if (sum_bad(a, 4) != t)
    reach_error();
  return 0;
}
