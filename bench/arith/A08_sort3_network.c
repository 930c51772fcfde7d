// A08 sorting network for 3 values (C version of A08_sort3_network.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  int x = a, y = b, z = c, t;
  if (x > y) { t = x; x = y; y = t; }
  if (y > z) { t = y; y = z; z = t; }
  if (x > y) { t = x; x = y; y = t; }
  assert(x <= y && y <= z);
  assert((x == a && y == b && z == c) || (x == a && y == c && z == b) || (x == b && y == a && z == c) ||
         (x == b && y == c && z == a) || (x == c && y == a && z == b) || (x == c && y == b && z == a));
  return 0;
}
