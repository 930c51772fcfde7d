// A16 division by repeated subtraction (C version of A16_divide.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int divide(int a, int b) {
  int q = 0, r = a;
  while (r >= b) {
    r = r - b;
    q++;
  }
  assert(r == a % b);
  return q;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a <= 30 && b >= 3 && b <= 10);
  int q = divide(a, b);
  assert(q == a / b);
  assert(a - q * b >= 0 && a - q * b < b);
  return 0;
}
