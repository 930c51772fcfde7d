// Task style (issue 17): swapping with three xors; the buggy version xors a value with itself.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --ints bv32 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint(), a0 = a, b0 = b;
  a ^= b;
  b ^= a;
  a ^= b;
  if (a != b0 || b != a0)
    reach_error();
  return 0;
}
int buggy(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint(), a0 = a, b0 = b;
  a ^= b;
  b ^= a;
  a ^= a;
  if (a != b0 || b != a0)
    reach_error();
  return 0;
}
