// Task style: comparisons of signed with unsigned values convert to unsigned (-1 < 1u is false), and an
// unsigned addition wraps (x + 1 < x for UINT_MAX).
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: reach_error() reached
// CHECK: mixed_sign.c:20:
// RUN: locus verify %s --solver %solver --entry wrap
// EXIT: 1
// CHECK: nondet: 4294967295
// RUN: locus verify %s --solver %solver --entry promoted
// CHECK: SAFE
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = 1;
  if (x < 0 && !(x < u))
    reach_error(); // reached: x converts to a large unsigned value
  return 0;
}
int wrap(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x + 1 < x)
    reach_error();
  return 0;
}
int promoted(void) {
  unsigned char a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a >= 200 && b >= 100 && a + b <= 255) // int arithmetic: no wrap at 256
    reach_error();
  unsigned short s = 65535;
  if (s + 1 != 65536)
    reach_error();
  return 0;
}
