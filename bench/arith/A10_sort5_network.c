// A10 sorting network for 5 values (C version of A10_sort5_network.gcl).
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int count(int v, int p, int q, int r, int s, int u) {
  int n = 0;
  if (p == v) n++;
  if (q == v) n++;
  if (r == v) n++;
  if (s == v) n++;
  if (u == v) n++;
  return n;
}

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int(), e = __VERIFIER_nondet_int();
  int x0 = a, x1 = b, x2 = c, x3 = d, x4 = e, t;
  if (x0 > x1) { t = x0; x0 = x1; x1 = t; }
  if (x3 > x4) { t = x3; x3 = x4; x4 = t; }
  if (x2 > x4) { t = x2; x2 = x4; x4 = t; }
  if (x2 > x3) { t = x2; x2 = x3; x3 = t; }
  if (x1 > x4) { t = x1; x1 = x4; x4 = t; }
  if (x0 > x3) { t = x0; x0 = x3; x3 = t; }
  if (x0 > x2) { t = x0; x0 = x2; x2 = t; }
  if (x1 > x3) { t = x1; x1 = x3; x3 = t; }
  if (x1 > x2) { t = x1; x1 = x2; x2 = t; }
  assert(x0 <= x1 && x1 <= x2 && x2 <= x3 && x3 <= x4);
  assert(count(x0, a, b, c, d, e) == count(x0, x0, x1, x2, x3, x4));
  assert(count(x1, a, b, c, d, e) == count(x1, x0, x1, x2, x3, x4));
  assert(count(x2, a, b, c, d, e) == count(x2, x0, x1, x2, x3, x4));
  assert(count(x3, a, b, c, d, e) == count(x3, x0, x1, x2, x3, x4));
  assert(count(x4, a, b, c, d, e) == count(x4, x0, x1, x2, x3, x4));
  return 0;
}
