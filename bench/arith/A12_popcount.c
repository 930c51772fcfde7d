// A12 population count (C version of A12_popcount.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int popcount(int n) {
  int c = 0, m = n;
  while (m > 0) {
    c = c + m % 2;
    m = m / 2;
  }
  return c;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 255);
  int c = popcount(n);
  assert(c == n % 2 + n / 2 % 2 + n / 4 % 2 + n / 8 % 2 + n / 16 % 2 + n / 32 % 2 + n / 64 % 2 + n / 128);
  return 0;
}
