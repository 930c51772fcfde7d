// C's integer types as C has them (issue 17 item 2): widths and signedness of char … long long and size_t,
// integer promotions and the usual arithmetic conversions, conversions and casts, suffixed literals,
// unsigned wrap-around, / and % on unsigned, signed-vs-unsigned comparisons, & | ^ ~ << >>. Every
// assertion holds under gcc (checked with -fsanitize=undefined: no undefined behaviour), in both integer
// modes and for both solvers.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 0
// RUN: locus run %s --ints bv32
// CHECK: outcome: ok
// RUN: locus verify %s
// CHECK: SAFE
// RUN: locus verify %s --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --solver cvc5 --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --entry symbolic --solver cvc5
// CHECK: SAFE
// RUN: locus verify %s --entry symbolic --ints bv32
// CHECK: SAFE
// RUN: locus verify %s --entry symbolic --ints bv32 --solver cvc5
// CHECK: SAFE
// RUN: locus ir %s
// CHECK: proc symbolic() returns (result: int32
// CHECK: v := nondet;
// CHECK: assert v & 1u32 == v % 2u32 and v | v == v
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  // unsigned wrap-around, in every width
  unsigned u = 0;
  u = u - 1;
  assert(u == 4294967295u && u + 1 == 0);
  unsigned char uc = 250;
  uc += 10;
  assert(uc == 4);
  unsigned short us = 65535;
  us++;
  assert(us == 0);
  unsigned long ul = 0;
  ul--;
  assert(ul == 18446744073709551615UL);
  unsigned long long ull = 1ULL << 63;
  assert(ull * 2 == 0 && ull / 2 == 4611686018427387904ULL);
  size_t sz = sizeof(long);
  assert(sz == 8 && sizeof(int) == 4 && sizeof(short) == 2);
  // narrowing conversions (gcc: modulo 2^n)
  char c = (char)200;
  signed char sc = (signed char)-129;
  short s = (short)70000;
  int i = (int)4294967301L;
  assert(c == -56 && sc == 127 && s == 4464 && i == 5);
  // promotions: unsigned char and short arithmetic happens in int
  unsigned char a = 200, b = 100;
  int sum = a + b;
  assert(sum == 300 && (unsigned char)(a + b) == 44);
  // usual arithmetic conversions: signed vs unsigned
  assert(-1 < 1 && !(-1 < 1u) && -1 > 0u && (long)-1 < 1u && -1L < 1u);
  assert((unsigned)-1 / 2 == 2147483647u && -7 / 2 == -3 && -7 % 2 == -1 && 7u % 3u == 1);
  assert(4294967295u / 10u == 429496729u && 4294967295u % 10u == 5u);
  long long big = 3000000000LL * 3;
  assert(big == 9000000000LL && big / 7 == 1285714285LL && big % 7 == 5);
  // bit operations
  int x = 0x5a;
  assert((x & 0x0f) == 0x0a && (x | 0x100) == 0x15a && (x ^ 0xff) == 0xa5 && ~x == -91);
  assert((-8 >> 1) == -4 && (-1 >> 31) == -1 && (1 << 30) == 1073741824 && (5u >> 1) == 2);
  assert((0xffffffffu << 4) == 0xfffffff0u && (~0u >> 28) == 15u && (~0UL >> 60) == 15UL);
  assert(((unsigned char)~a) == 55 && (~a & 0xff) == 55 && (-x & 0xff) == 166);
  long m = -1L;
  assert((m & 0xffffffffL) == 4294967295L && (m ^ m) == 0 && (m | 0) == -1);
  unsigned char sh = 1;
  assert((sh << 7) == 128 && (sh << 8) == 256); // promoted to int first
  x <<= 2;
  x >>= 1;
  x |= 1;
  x &= ~2;
  x ^= 0x300;
  assert(x == 0x3b5);
  // character constants and suffixes
  assert('a' == 97 && '\xff' == -1 && 10u == 10 && 10L == 10LL && 0x10 == 16 && 010 == 8);
  return 0;
}
int symbolic(void) {
  unsigned v = __VERIFIER_nondet_uint();
  unsigned char k = __VERIFIER_nondet_uchar();
  long l = __VERIFIER_nondet_long();
  assert(v + 1 != 0 || v == 4294967295u);       // wraps exactly at UINT_MAX
  assert((v & 1) == v % 2 && (v | v) == v && (v ^ v) == 0);
  assert((k >> 1) * 2 + (k & 1) == k && k <= 255);
  assert(((v << 1) >> 1) == (v & 0x7fffffffu));
  assert((unsigned char)(k + 256) == k && (int)(unsigned char)(k - 1) == (k == 0 ? 255 : k - 1));
  assert(l >= -9223372036854775807L - 1);
  if (l > 0)
    assert((unsigned long)l > 0 && -l < 0);
  return 0;
}
