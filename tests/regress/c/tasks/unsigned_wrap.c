// Task style (issue 17): unsigned subtraction wraps: a - b > a exactly when b > a (b nonzero); the buggy test
// uses signed ints.
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
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  if (b != 0 && ((a - b > a) != (b > a)))
    reach_error();
  return 0;
}
int buggy(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  int d = (int)a - (int)b;
  if (b != 0 && ((d > (int)a) != (b > a)))
    reach_error();
  return 0;
}
