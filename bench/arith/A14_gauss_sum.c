// A14 Gauss's sum (C version of A14_gauss_sum.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 10);
  int s = 0;
  for (int i = 1; i <= n; i++)
    s = s + i;
  assert(2 * s == n * (n + 1));
  return 0;
}
