// Task style: the CIL shapes of verification tasks, `goto ERROR;` to a label at the end and loops written
// with while_continue / while_break labels; a safe and a buggy variant.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 6
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 6 --entry buggy
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: __VERIFIER_error() reached
// CHECK: goto_error.c:52:
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, s = 0;
  if (n < 0 || n > 5)
    goto END;
  while (1) {
  while_0_continue:;
    if (!(i < n))
      goto while_0_break;
    s += 2;
    i++;
  }
while_0_break:;
  if (s != 2 * n)
    goto ERROR;
END:
  return 0;
ERROR:
  __VERIFIER_error();
  return 1;
}
int buggy(void) {
  int n = __VERIFIER_nondet_int(), i = 0, s = 0;
  if (n < 0 || n > 5)
    goto END;
  while (1) {
  while_0_continue:;
    if (!(i < n))
      goto while_0_break;
    if (i == 3)
      goto while_0_continue_skip;
    s += 2;
  while_0_continue_skip:
    i++;
  }
while_0_break:;
  if (s != 2 * n)
    goto ERROR;
END:
  return 0;
ERROR:
  __VERIFIER_error();
  return 1;
}
