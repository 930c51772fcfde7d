// A11 integer square root by linear search (C version of A11_isqrt.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int isqrt(int n) {
  int r = 0;
  while ((r + 1) * (r + 1) <= n)
    r++;
  return r;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 100);
  int r = isqrt(n);
  assert(r * r <= n && n < (r + 1) * (r + 1));
  return 0;
}
