// A03 digit sum, 4 digits (C version of A03_digitsum4.gcl, issue 19's example).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 9999);
  int m = n, s = 0;
  while (m > 0) {
    s = s + m % 10;
    m = m / 10;
  }
  assert(s == n % 10 + n / 10 % 10 + n / 100 % 10 + n / 1000);
  return 0;
}
