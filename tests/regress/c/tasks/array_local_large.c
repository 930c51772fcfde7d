// Task style (issue 17): a local array of 100 000 elements: only the elements written are read (the rest are
// indeterminate); writing past the end is a bounds failure.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 7 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int a[100000];
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 6);
  for (unsigned i = 0; i < n; i++)
    a[i] = i;
  for (unsigned i = 0; i < n; i++)
    if (a[i] != (int)i)
      reach_error();
  return 0;
}
int buggy(void) {
  int a[100000];
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 6);
  a[99999 + n] = 1; // past the end when n > 0
  return a[0];
}
