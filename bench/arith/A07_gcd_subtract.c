// A07 subtractive gcd against Euclid's (C version of A07_gcd_subtract.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int gcdSub(int a, int b) {
  int x = a, y = b;
  while (x != y) {
    if (x > y)
      x = x - y;
    else
      y = y - x;
  }
  return x;
}

int gcdMod(int a, int b) {
  int x = a, y = b;
  while (y != 0) {
    int t = x % y;
    x = y;
    y = t;
  }
  return x;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 1 && a <= 12 && b >= 1 && b <= 12);
  int g = gcdSub(a, b);
  int h = gcdMod(a, b);
  assert(g == h);
  assert(a % g == 0 && b % g == 0);
  return 0;
}
