// RG-foo (Rothenberg & Grumberg, Fig. 2, reconstructed): C version of RG_foo.gcl.
// NONDET: 0,0
// NONDET: -5,4
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int foo(int x, int w) {
  int t, y, z;
  t = x + 1;       // 1
  y = x + 3;       // 2
  z = x - 3;       // 3
  if (w > 3) {     // 4
    y = x;         // 5
    t = x - 1;     // 6
    assert(t < x); // 7
  }
  assert(y > z); // 8
  return y;
}

int main(void) {
  int x, w;
  x = __VERIFIER_nondet_int();
  w = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000000 && x < 1000000);
  foo(x, w);
  return 0;
}
