// HG-Sum (He & Gupta, Table 1): the sum of the first n elements of an array (C version of HG_sum.gcl:
// a real array; the precondition and postcondition are asserts at entry and exit).
// NONDET: 3,-1,4,1,4
// NONDET: 5,6,7,8,0
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int a[4];

int sum(int n) {
  int i, s;
  assert(n >= 0 && n <= 4);
  i = 0;          // 1
  s = 0;          // 2
  while (i < n) { // 3
    s = s + a[i]; // 4
    i = i + 1;    // 5
  }
  assert((n == 0 && s == 0) || (n == 1 && s == a[0]) || (n == 2 && s == a[0] + a[1]) ||
         (n == 3 && s == a[0] + a[1] + a[2]) || (n == 4 && s == a[0] + a[1] + a[2] + a[3]));
  return s;
}

int main(void) {
  int n;
  a[0] = __VERIFIER_nondet_int();
  a[1] = __VERIFIER_nondet_int();
  a[2] = __VERIFIER_nondet_int();
  a[3] = __VERIFIER_nondet_int();
  n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  sum(n);
  return 0;
}
