// Task style (issue 17 "done when"): an unsigned char counter wraps around at 256; correct verdicts.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 12
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 12 --entry buggy
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: reach_error() reached
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) {}
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char start = c;
  for (int i = 0; i < 10; i++)
    c++;
  if (c != (unsigned char)(start + 10))
    reach_error();
  if (start >= 246 && c >= 10)
    reach_error();
  return 0;
}
int buggy(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  for (int i = 0; i < 10; i++)
    c++;
  if (c < 10) // wrapped: start >= 246
    reach_error();
  return 0;
}
