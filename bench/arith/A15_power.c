// A15 powers by repeated multiplication and by repeated squaring (C version of A15_power.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int powSlow(int x, int e) {
  int p = 1;
  for (int i = 0; i < e; i++)
    p = p * x;
  return p;
}

int powFast(int x, int e) {
  int b = x, k = e, p = 1;
  while (k > 0) {
    if (k % 2 == 1)
      p = p * b;
    b = b * b;
    k = k / 2;
  }
  return p;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int e = __VERIFIER_nondet_int();
  __VERIFIER_assume(e >= 0 && e <= 8 && x >= -4 && x <= 4);
  assert(powSlow(x, e) == powFast(x, e));
  return 0;
}
