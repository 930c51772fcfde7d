// Task style: bit tricks on unsigned values (clearing the lowest set bit counts the ones; x & -x isolates the
// lowest set bit; a power of two has one bit set), against the naive definitions. In bit-vector mode (math
// mode's bit decompositions make this a minutes-long query).
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 9 --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 9 --ints bv32 --entry buggy
// EXIT: 1
// CHECK: FAILED
// CHECK: nondet: 0
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  int kernighan = 0, naive = 0;
  for (unsigned char y = x; y; y &= y - 1)
    kernighan++;
  for (int i = 0; i < 8; i++)
    naive += (x >> i) & 1;
  __VERIFIER_assert(kernighan == naive);
  unsigned char low = x & -x;
  __VERIFIER_assert(x == 0 || (low & (low - 1)) == 0);
  __VERIFIER_assert(x == 0 || (x & low) == low);
  return 0;
}
int buggy(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  __VERIFIER_assert((x & (x - 1)) != x); // fails for x == 0
  return 0;
}
