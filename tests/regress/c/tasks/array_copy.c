// Task style (issue 17): copying one array of 100 into another; the buggy copy stops one element early.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 101
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 101 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 100
void copy(int *dst, const int *src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  copy(b, a, N);
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N);
  if (b[k] != a[k])
    reach_error();
  return 0;
}
int buggy(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++)
    b[i] = 0;
  copy(b, a, N - 1);
  if (b[N - 1] != a[N - 1])
    reach_error();
  return 0;
}
