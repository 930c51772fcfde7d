// A04 casting out nines (C version of A04_casting_out_nines.gcl).
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
  __VERIFIER_assume(n >= 0 && n <= 999);
  int s = digitsum(n);
  assert((n - s) % 9 == 0);
  int r = digitsum(s);
  if (r >= 10)
    r = digitsum(r);
  assert((n == 0 && r == 0) || (n > 0 && n % 9 == 0 && r == 9) || (n % 9 != 0 && r == n % 9));
  return 0;
}
