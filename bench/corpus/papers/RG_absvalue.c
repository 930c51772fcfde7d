// RG-absValue (Rothenberg & Grumberg): C version of RG_absvalue.gcl.
// NONDET: -1
// NONDET: 7
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int absValue(int x) {
  int abs;
  abs = x;       // 1
  if (x <= -1) { // 2
    abs = -x;    // 3
  }
  assert(abs >= 0); // 4
  assert(abs == x || abs == -x);
  return abs;
}

int main(void) {
  int x;
  x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000000 && x < 1000000);
  absValue(x);
  return 0;
}
