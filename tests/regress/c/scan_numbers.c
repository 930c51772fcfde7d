// scanf's %u, %x, %o and field widths (issue 33): `%x` reads an optional `0x`, `%2d` at most two bytes (the
// rest stays in the input), `%3c` three bytes into a char array (a bounds failure when they do not fit),
// `%3lf` at most three bytes of a double, in the interpreter and in the encoding alike (on cvc5 too, whose
// table of a fixed input's floats needs float values). verify proves what a field width bounds for every
// input of a few bytes, and finds the input a wrong bound misses.
// RUN: printf '0x1F 12:345' > %t/in && locus run %s --stdin %t/in
// CHECK: outcome: ok
// CHECK: output: "r=3 h=31 a=12 b=34 rest=5\n"
// RUN: printf -- '-1 7:8' > %t/in2 && locus run %s --stdin %t/in2
// CHECK: output: "r=3 h=4294967295 a=7 b=8 rest=-1\n"
// RUN: locus verify %s --input-bytes 7
// CHECK: SAFE
// RUN: locus verify %s --entry digit --input-bytes 3
// CHECK: SAFE
// RUN: locus verify %s --entry wrong --input-bytes 3
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: stdin: "{{.*[fF].*}}"
// RUN: printf 'abc' > %t/in3 && locus run %s --entry chars --stdin %t/in3
// EXIT: 1
// CHECK: outcome: failure (bounds)
// RUN: printf 'ab' > %t/in4 && locus run %s --entry chars --stdin %t/in4
// CHECK: outcome: ok
// CHECK: output: "1 ab\n"
// RUN: locus verify %s --entry chars --input-bytes 4
// EXIT: 1
// CHECK: FAILED: bounds
// RUN: printf '1.25e3 7' > %t/in5 && locus verify %s --entry floats --stdin %t/in5 --solver cvc5
// CHECK: SAFE
// RUN: printf '1.25e3 7' > %t/in6 && locus verify %s --entry floats --stdin %t/in6 --solver z3
// CHECK: SAFE
#include <assert.h>
#include <stdio.h>

int main(void) {
  unsigned h = 0;
  int a = 0, b = 0, rest = -1;
  int r = scanf("%x %2d:%2d", &h, &a, &b);
  if (r == 3)
    assert(-9 <= a && a <= 99 && -9 <= b && b <= 99);
  if (scanf("%1d", &rest) == 1)
    assert(0 <= rest && rest <= 9);
  printf("r=%d h=%u a=%d b=%d rest=%d\n", r, h, a, b, rest);
  return 0;
}

int digit(void) {
  unsigned h = 0;
  if (scanf("%1x", &h) == 1)
    assert(h < 16);
  return 0;
}

int wrong(void) {
  unsigned h = 0;
  if (scanf("%1x", &h) == 1)
    assert(h < 15);
  return 0;
}

int chars(void) {
  char s[2] = {'.', '.'};
  int r = scanf("%3c", s);
  printf("%d %c%c\n", r, s[0], s[1]);
  return 0;
}

int floats(void) {
  double d = 0;
  float f = 0;
  int n = scanf("%3lf%4f", &d, &f);
  assert(n == 2 && d == 1.2 && f == 5000.0f);
  return 0;
}
