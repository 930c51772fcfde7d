// HG-ArrayCopy (He & Gupta, Table 1): C version of HG_arraycopy.gcl: copy s2[0..n] into s1[0..n] (n is the
// last index); precondition and postcondition as asserts at entry and exit.
// NONDET: 0,0,0,0,4,3,2,1,3
// NONDET: 0,0,9,0,7,8,5,0,1
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int s1[4];
int s2[4];

void copy(int n) {
  int i;
  assert(n >= -1 && n <= 3);
  i = 0;           // 1
  while (i <= n) { // 2
    s1[i] = s2[i]; // 3
    i = i + 1;     // 4
  }
  assert((n < 0 || s1[0] == s2[0]) && (n < 1 || s1[1] == s2[1]) && (n < 2 || s1[2] == s2[2]) &&
         (n < 3 || s1[3] == s2[3]));
}

int main(void) {
  int n, b0, b1, b2, b3;
  s1[0] = __VERIFIER_nondet_int();
  s1[1] = __VERIFIER_nondet_int();
  s1[2] = __VERIFIER_nondet_int();
  s1[3] = __VERIFIER_nondet_int();
  s2[0] = __VERIFIER_nondet_int();
  s2[1] = __VERIFIER_nondet_int();
  s2[2] = __VERIFIER_nondet_int();
  s2[3] = __VERIFIER_nondet_int();
  n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= -1 && n <= 3);
  b0 = s2[0];
  b1 = s2[1];
  b2 = s2[2];
  b3 = s2[3];
  copy(n);
  assert(s2[0] == b0 && s2[1] == b1 && s2[2] == b2 && s2[3] == b3);
  return 0;
}
