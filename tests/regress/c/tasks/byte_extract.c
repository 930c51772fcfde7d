// Task style (issue 17): extracting bytes with shifts and masks equals division and remainder; the buggy
// shift is 9.
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
  unsigned x = __VERIFIER_nondet_uint();
  unsigned b1 = (x >> 8) & 0xffu;
  if (b1 != (x / 256u) % 256u)
    reach_error();
  unsigned char c = (unsigned char)x;
  if (c != x % 256u)
    reach_error();
  return 0;
}
int buggy(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned b1 = (x >> 9) & 0xffu;
  if (b1 != (x / 256u) % 256u)
    reach_error();
  return 0;
}
