// KB-max (Könighofer & Bloem): C version of KB_max.gcl.
// NONDET: 1,2
// NONDET: 5,-3
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int max(int x, int y) {
  int r;
  r = x; // c1
  if (y > x) {
    r = y; // c2
  }
  assert(r >= x && r >= y);
  assert(r == x || r == y);
  return r;
}

int main(void) {
  int x, y;
  x = __VERIFIER_nondet_int();
  y = __VERIFIER_nondet_int();
  max(x, y);
  return 0;
}
