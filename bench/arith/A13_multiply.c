// A13 multiplication by repeated addition (C version of A13_multiply.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int multiply(int a, int b) {
  int p = 0;
  for (int i = 0; i < a; i++)
    p = p + b;
  return p;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a <= 10 && b >= -1000 && b <= 1000);
  int p = multiply(a, b);
  assert(p == a * b);
  return 0;
}
