// Task style (issue 17): counting the bits of an unsigned char two ways (bv32: Kernighan's `y &= y - 1` and
// shifts); the buggy count misses the top bit.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --ints bv32 --unwind 9
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --ints bv32 --unwind 9 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  int a = 0, b = 0;
  for (unsigned y = x; y; y &= y - 1)
    a++;
  for (int i = 0; i < 8; i++)
    b += (x >> i) & 1u;
  if (a != b)
    reach_error();
  return 0;
}
int buggy(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  int a = 0, b = 0;
  for (unsigned y = x; y; y &= y - 1)
    a++;
  for (int i = 0; i < 7; i++)
    b += (x >> i) & 1u;
  if (a != b)
    reach_error();
  return 0;
}
