// JO-twobranch (Jin & Orso, Fig. 2): C version of JO_twobranch.gcl.
// NONDET: 0,0
// NONDET: -3,7
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int f(int x, int y) {
  int a, b;
  if (x >= 0) { // 1
    a = x;      // 2
  } else {
    a = -x; // 4
  }
  if (y < 5) { // 5
    b = a - 1; // 6
  } else {
    b = a - 2; // 8
  }
  assert(b <= a); // 9
  return b;
}

int main(void) {
  int x, y;
  x = __VERIFIER_nondet_int();
  y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000000 && x < 1000000);
  f(x, y);
  return 0;
}
