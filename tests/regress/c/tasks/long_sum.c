// Task style: 64-bit arithmetic (long long, unsigned long) with inputs of those types.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 5
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 5 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assert(int);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  if (a < 0 || a > 1000000000000LL)
    return 0;
  long long s = 0;
  for (int i = 0; i < 4; i++)
    s += a;
  __VERIFIER_assert(s == 4 * a && s / 4 == a && s % 4 == 0);
  unsigned long u = __VERIFIER_nondet_ulong();
  __VERIFIER_assert((u >> 63) <= 1 && (u | 1) >= u);
  return 0;
}
int buggy(void) {
  long long a = __VERIFIER_nondet_longlong();
  int truncated = (int)a; // loses the high bits
  __VERIFIER_assert(truncated == a);
  return 0;
}
