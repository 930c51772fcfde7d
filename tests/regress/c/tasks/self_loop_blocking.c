// Task style (issue 17): the `LABEL: goto LABEL;` idiom blocks a path (with --no-unwinding-assertions, as
// verification tasks mean it); the bug is on the other path.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --no-unwinding-assertions
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --no-unwinding-assertions --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
  STOP:
    goto STOP;
  }
  if (x > 20)
    reach_error();
  return 0;
}
int buggy(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
  STOP:
    goto STOP;
  }
  if (x > 5)
    reach_error();
  return 0;
}
