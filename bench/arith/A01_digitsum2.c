// A01 digit sum, 2 digits (C version of A01_digitsum2.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int digitsum(int n) {
  int s = 0, m = n;
  while (m > 0) {
    s = s + m % 10;
    m = m / 10;
  }
  return s;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 99);
  int s = digitsum(n);
  assert(s == n % 10 + n / 10);
  return 0;
}
