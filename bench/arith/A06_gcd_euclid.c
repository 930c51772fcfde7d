// A06 Euclid's gcd, iterative and recursive (C version of A06_gcd_euclid.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int gcd(int a, int b) {
  int x = a, y = b;
  while (y != 0) {
    int t = x % y;
    x = y;
    y = t;
  }
  return x;
}

#pragma locus unwind 6
int gcdRec(int a, int b) {
  if (b == 0)
    return a;
  return gcdRec(b, a % b);
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 1 && a <= 12 && b >= 1 && b <= 12);
  int g = gcd(a, b);
  int h = gcdRec(a, b);
  assert(g == h);
  assert(g >= 1 && a % g == 0 && b % g == 0);
  return 0;
}
