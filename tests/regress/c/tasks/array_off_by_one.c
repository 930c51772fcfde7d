// Task style (issue 17): a loop that writes one element past the end of a local array is a bounds failure,
// not a silent write.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 12
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 12 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 10
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  return a[N - 1];
}
int buggy(void) {
  int a[N];
  for (int i = 0; i <= N; i++)
    a[i] = i;
  return a[N - 1];
}
