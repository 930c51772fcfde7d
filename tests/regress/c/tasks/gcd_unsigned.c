// Task style (issue 17): Euclid's algorithm on unsigned ints (bv32, operands up to 12): the result divides
// both; the buggy version returns the other operand.
// (In math mode with operands up to 20, cvc5 took over 120 s on the nonlinear `%`.)
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --ints bv32 --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --ints bv32 --unwind 7 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
unsigned gcd(unsigned a, unsigned b, int bad) {
  while (b != 0) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return bad ? b : a;
}
int check(int bad) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  __VERIFIER_assume(a > 0 && a <= 12 && b > 0 && b <= 12);
  unsigned g = gcd(a, b, bad);
  if (g == 0 || a % g != 0 || b % g != 0)
    reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
