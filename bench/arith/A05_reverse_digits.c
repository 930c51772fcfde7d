// A05 digit reversal (C version of A05_reverse_digits.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int reverse(int n) {
  int r = 0, m = n;
  while (m > 0) {
    r = r * 10 + m % 10;
    m = m / 10;
  }
  return r;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 999 && n % 10 != 0);
  int r = reverse(n);
  int back = reverse(r);
  assert(back == n);
  assert((n < 10 && r == n) || (n >= 10 && n < 100 && r == n % 10 * 10 + n / 10) ||
         (n >= 100 && r == n % 10 * 100 + n / 10 % 10 * 10 + n / 100));
  return 0;
}
