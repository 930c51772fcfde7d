// C front end: int arithmetic with C semantics (truncating / and %, 32-bit wrap under --ints bv32),
// char/short narrowing as gcc does it, _Bool, enum, typedef, comparisons as ints, ?: and compound ops.
// RUN: locus run %s --ints bv32
// CHECK: outcome: ok
// CHECK: result: 42
// RUN: locus run %s --entry wrap --ints bv32
// CHECK: result: -2147483648
// RUN: locus run %s --entry narrow
// CHECK: result: 1
// RUN: locus run %s --entry divzero --args 0
// EXIT: 1
// CHECK: failure (div-by-zero)
// CHECK: arith.c:58:
#include <limits.h>

typedef int myint;
enum color { RED, GREEN = 5, BLUE };

myint wrap(void) {
  int x = INT_MAX;
  x = x + 1;
  return x;
}

int narrow(void) {
  char c = 127;
  c++;                          // wraps to -128
  unsigned char u = 250;
  u += 10;                      // 4
  short s = 70000;              // 4464
  _Bool b = 7;                  // true
  signed char d = (signed char)200; // -56
  return c == -128 && u == 4 && s == 4464 && b == 1 && d == -56;
}

int main(void) {
  int ok = 1;
  ok = ok && (-7 / 2 == -3) && (-7 % 2 == -1) && (7 % -2 == 1);
  enum color col = BLUE;
  ok = ok && col == 6 && GREEN + RED == 5;
  int lt = (3 < 4) + (4 < 3) + (2 == 2);   // comparisons are ints
  ok = ok && lt == 2;
  int y = 10;
  y -= 3;
  y *= 4;
  y /= 3;
  y %= 5;                                  // 28 / 3 = 9, 9 % 5 = 4
  ok = ok && y == 4;
  int m = y > 3 ? y * 10 : -1;
  ok = ok && m == 40 && !(m != 40) && +m == 40 && -(-m) == 40;
  _Bool flag = m;
  int bi = flag + flag;                    // _Bool promotes to 0/1
  ok = ok && bi == 2 && 'A' == 65;
  return ok ? 42 : 0;
}

int divzero(int d) {
  return 10 / d;
}
