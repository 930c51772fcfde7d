// A shift amount outside [0, width of the promoted left operand) is undefined in C: a checked failure
// ("shift amount in range"), found by run and verify in both modes (issue 17 item 2).
// RUN: locus run %s --entry shift --args 31
// CHECK: outcome: ok
// CHECK: result: -2147483648
// RUN: locus run %s --entry shift --args 32
// EXIT: 1
// CHECK: failure (assert)
// CHECK: shift amount in range: 1u << k (0 to 31)
// RUN: locus run %s --entry shift --args=-1
// EXIT: 1
// CHECK: shift amount in range
// RUN: locus run %s --entry shift --args 31 --ints bv32
// CHECK: result: -2147483648
// RUN: locus verify %s --entry shift
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: shift amount in range: 1u << k (0 to 31)
// RUN: locus verify %s --entry shift --ints bv32 --solver cvc5
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --entry long_shift
// CHECK: SAFE
// RUN: locus verify %s --entry long_shift --ints bv32
// CHECK: SAFE
// RUN: locus check %s
// CHECK: ok
extern void __VERIFIER_assert(int);
int shift(int k) {
  unsigned u = 1u << k; // (math mode: 1 << 31 as an int would be 2^31; through unsigned it is not)
  return (int)u;
}
int long_shift(unsigned char k) {
  if (k < 64) {
    unsigned long x = 1UL << k;
    __VERIFIER_assert(x != 0 && (x >> k) == 1);
  }
  return 0;
}
