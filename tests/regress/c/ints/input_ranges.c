// Issue 11 item 3: C's types constrain every input in both integer modes — parameters of the entry,
// fields of input nodes, nondet values — and `locus run --args` converts like a C call (300 for a char
// is 44). Before, `u = 256`, a char field 128 and x > INT_MAX were counterexamples, and 300 stayed 300.
// RUN: locus verify %s --entry uchar_param
// CHECK: SAFE
// RUN: locus verify %s --entry uchar_param --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --entry int_param
// CHECK: SAFE
// RUN: locus verify %s --entry int_nondet
// CHECK: SAFE
// RUN: locus verify %s --entry char_field
// CHECK: SAFE
// RUN: locus verify %s --entry char_field --solver cvc5
// CHECK: SAFE
// RUN: locus verify %s --entry ulong_param
// CHECK: SAFE
// RUN: locus verify %s --entry ulong_param --ints bv32
// CHECK: SAFE
// RUN: locus run %s --entry char_param --args 300
// CHECK: outcome: ok
// CHECK: result: 44
// CHECK: c = 44
// RUN: locus run %s --entry char_param --args=-129
// CHECK: result: 127
// RUN: locus run %s --entry uchar_param --args=-1
// CHECK: u = 255
// RUN: locus run %s --entry int_param --args 4294967296
// CHECK: x = 0
// RUN: locus run %s --entry ulong_param --args 18446744073709551617000
// CHECK: v = 1000
// RUN: locus run %s --entry ulong_param --args=-1
// CHECK: v = 18446744073709551615
// RUN: locus run %s --entry int_nondet --nondet 2147483648
// CHECK: x = -2147483648
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
struct S {
  char c;
  unsigned short h;
  struct S *next;
};
void uchar_param(unsigned char u) {
  __VERIFIER_assert(u <= 255);
}
void int_param(int x) {
  __VERIFIER_assert(x <= 2147483647 && x >= -2147483647 - 1);
}
void int_nondet(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x <= 2147483647);
}
void char_field(struct S *p) {
  if (p != 0)
    __VERIFIER_assert(p->c <= 127 && p->c >= -128 && p->h <= 65535);
}
void ulong_param(unsigned long v) {
  __VERIFIER_assert(v <= 18446744073709551615UL && v + 1 >= 0);
}
int char_param(char c) {
  return c;
}
