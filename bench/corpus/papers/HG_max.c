// HG-Max (He & Gupta, Table 1): the maximum of the first n elements of an array of non-negative integers
// (C version of HG_max.gcl: a real array; precondition and postcondition as asserts at entry and exit).
// NONDET: 2,5,3,0,4
// NONDET: 9,1,4,0,3
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int a[4];

int max(int n) {
  int i, s;
  assert(n >= 1 && n <= 4 && a[0] >= 0 && a[1] >= 0 && a[2] >= 0 && a[3] >= 0);
  i = 0;            // 1
  s = 0;            // 2
  while (i < n) {   // 3
    if (s < a[i]) { // 4
      s = a[i];     // 5
    }
    i = i + 1; // 6
  }
  assert(s >= a[0] && (n < 2 || s >= a[1]) && (n < 3 || s >= a[2]) && (n < 4 || s >= a[3]));
  assert(s == a[0] || (n >= 2 && s == a[1]) || (n >= 3 && s == a[2]) || (n >= 4 && s == a[3]));
  return s;
}

int main(void) {
  int n;
  a[0] = __VERIFIER_nondet_int();
  a[1] = __VERIFIER_nondet_int();
  a[2] = __VERIFIER_nondet_int();
  a[3] = __VERIFIER_nondet_int();
  n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 4 && a[0] >= 0 && a[1] >= 0 && a[2] >= 0 && a[3] >= 0);
  max(n);
  return 0;
}
