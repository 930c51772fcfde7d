// Task style (issue 17): reversing an array in place with two indices; the buggy loop swaps every pair twice.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 7 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 6
void reverse(int *a, int n) {
  for (int i = 0, j = n - 1; i < j; i++, j--) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
void reverse_twice(int *a, int n) {
  for (int i = 0; i < n; i++) {
    int t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++)
    b[i] = a[i] = __VERIFIER_nondet_int();
  reverse(a, N);
  for (int i = 0; i < N; i++)
    if (a[i] != b[N - 1 - i])
      reach_error();
  return 0;
}
int buggy(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++)
    b[i] = a[i] = __VERIFIER_nondet_int();
  reverse_twice(a, N);
  for (int i = 0; i < N; i++)
    if (a[i] != b[N - 1 - i])
      reach_error();
  return 0;
}
