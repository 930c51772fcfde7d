// Issue 11 item 1: `(unsigned int)`, `(unsigned)` and `(unsigned long)` casts were accepted and silently
// dropped, so these were SAFE in both integer modes; gcc reaches reach_error() in each.
// RUN: locus verify %s
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: reach_error() reached
// CHECK: nondet: -1
// RUN: locus verify %s --ints bv32
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --solver cvc5
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --entry unsigned_long
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --entry unsigned_long --ints bv32
// EXIT: 1
// CHECK: FAILED
// RUN: locus run %s --entry unsigned_long --nondet=-3
// EXIT: 1
// CHECK: reach_error() reached
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == -1 && (unsigned int)x > 5)
    reach_error();
  return 0;
}
int unsigned_long(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 && (unsigned long)x > 4294967296UL && (unsigned)x > 4000000000u)
    reach_error();
  return 0;
}
