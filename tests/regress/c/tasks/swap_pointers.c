// Task style (issue 17): swap through two `int *` parameters, the addresses of locals; the buggy swap loses a
// value.
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
void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}
void swap_bad(int *a, int *b) {
  *a = *b;
  *b = *a;
}
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int x0 = x, y0 = y;
  swap(&x, &y);
  if (x != y0 || y != x0)
    reach_error();
  return 0;
}
int buggy(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int x0 = x, y0 = y;
  swap_bad(&x, &y);
  if (x != y0 || y != x0)
    reach_error();
  return 0;
}
