// HG-BinarySearch (He & Gupta, Table 1; Gries): C version of HG_binsearch.gcl. The array is a[0..4] used
// 1-based (a[0] is never read); precondition and postcondition as asserts at entry and exit.
// NONDET: 1,3,5,7,4,5
// NONDET: 1,3,5,7,4,0
// NONDET: 2,2,2,4,4,2
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int a[5];

int search(int n, int x) {
  int i, j, e;
  assert(n >= 0 && n <= 4 && (n < 2 || a[1] <= a[2]) && (n < 3 || a[2] <= a[3]) && (n < 4 || a[3] <= a[4]));
  i = 0;               // 1
  j = n + 1;           // 2
  while (i + 1 != j) { // 3
    e = (i + j) / 2;   // 4
    assert(e >= 1 && e <= n);
    if (a[e] <= x) { // 5
      i = e;         // 6
    } else {
      j = e; // 7
    }
  }
  assert(i >= 0 && i <= n);
  assert(i == 0 || a[i] <= x);
  assert(i == n || x < a[i + 1]);
  return i;
}

int main(void) {
  int n, x;
  a[1] = __VERIFIER_nondet_int();
  a[2] = __VERIFIER_nondet_int();
  a[3] = __VERIFIER_nondet_int();
  a[4] = __VERIFIER_nondet_int();
  n = __VERIFIER_nondet_int();
  x = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4 && (n < 2 || a[1] <= a[2]) && (n < 3 || a[2] <= a[3]) &&
                    (n < 4 || a[3] <= a[4]));
  search(n, x);
  return 0;
}
