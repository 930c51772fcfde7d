// Task style (issue 17): the maximum of a nondet array is at least every element; the buggy version starts
// from 0 instead of a[0].
// (Written `found |= a[i] == m`, the faulty entry ran for minutes on z3 and the SAFE one took cvc5 26 s in
// math mode, where `|` on ints is encoded bit by bit.)
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
#define N 5
int max(int *a, int n) {
  int m = a[0];
  for (int i = 1; i < n; i++)
    if (a[i] > m)
      m = a[i];
  return m;
}
int max0(int *a, int n) {
  int m = 0;
  for (int i = 0; i < n; i++)
    if (a[i] > m)
      m = a[i];
  return m;
}
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  int m = max(a, N);
  for (int i = 0; i < N; i++)
    if (a[i] > m)
      reach_error();
  int found = 0;
  for (int i = 0; i < N; i++)
    if (a[i] == m)
      found = 1;
  if (!found)
    reach_error();
  return 0;
}
int buggy(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  int m = max0(a, N);
  int found = 0;
  for (int i = 0; i < N; i++)
    if (a[i] == m)
      found = 1;
  if (!found)
    reach_error();
  return 0;
}
