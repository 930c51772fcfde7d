// Task style: a shift amount outside 0..31 is undefined in C; locus reports it as a failure.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: shift amount in range: 1u << n (0 to 31)
// CHECK: nondet: 32
// RUN: locus verify %s --solver %solver --entry masked --ints bv32
// CHECK: SAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 32)
    return 0;
  unsigned m = 1u << n;
  __VERIFIER_assert(m != 0);
  return 0;
}
int masked(void) {
  int n = __VERIFIER_nondet_int();
  unsigned m = 1u << (n & 31);
  __VERIFIER_assert(m != 0 && (m & (m - 1)) == 0);
  return 0;
}
