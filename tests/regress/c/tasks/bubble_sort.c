// Task style (issue 17): bubble sort of three nondet ints in an array leaves them sorted; the buggy inner
// loop stops one short.
// (Four elements: cvc5 took over 120 s on the SAFE query; z3 a few seconds.)
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 5
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 5 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 3
void sort(int *a, int n, int shorter) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j + 1 < n - i - shorter; j++)
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
}
int check(int shorter) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  sort(a, N, shorter);
  for (int i = 0; i + 1 < N; i++)
    if (a[i] > a[i + 1])
      reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
