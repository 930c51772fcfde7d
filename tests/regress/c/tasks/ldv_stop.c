// Task style: ldv_stop() blocks a path with `LDV_STOP: goto LDV_STOP;`. The verifier's unwinding check fails
// where it is reachable (UNKNOWN); with --no-unwinding-assertions it blocks the path, as the tasks mean.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 3
// EXIT: 3
// CHECK: UNKNOWN: unwinding assertion
// RUN: locus verify %s --solver %solver --unwind 3 --no-unwinding-assertions
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 3 --no-unwinding-assertions --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void ldv_stop(void) {
LDV_STOP:
  goto LDV_STOP;
}
int main(void) {
  int state = __VERIFIER_nondet_int();
  if (state < 0)
    ldv_stop();
  if (state < 0)
    reach_error();
  return 0;
}
int buggy(void) {
  int state = __VERIFIER_nondet_int();
  if (state < 0)
    ldv_stop();
  if (state < 1)
    reach_error();
  return 0;
}
