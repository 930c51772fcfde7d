// Task style (issue 17): summing an array by walking a pointer to its end; the buggy walk reads one element
// past it.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 10
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 10 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 8
int main(void) {
  int a[N], s = 0, t = 0;
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= 0 && a[i] < 100);
    t += a[i];
  }
  for (int *p = a; p < a + N; p++)
    s += *p;
  if (s != t)
    reach_error();
  return 0;
}
int buggy(void) {
  int a[N], s = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int *p = a; p <= a + N; p++)
    s += *p;
  return s;
}
