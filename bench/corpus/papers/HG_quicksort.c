// HG-Quicksort (He & Gupta, Table 1; K&R quicksort with the swaps written out): C version of
// HG_quicksort.gcl. Spec (main): qs(0, 3) on distinct nondet values sorts them, keeping the values.
// NONDET: 4,3,2,1
// NONDET: 3,-1,7,0
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int a[4];

void qs(int left, int right) {
  int i, last, temp;
  if (left >= right) { // 1
    return;            // 2
  }
  last = (left + right) / 2; // 3
  temp = a[left];            // 4
  a[left] = a[last];         // 5
  a[last] = temp;            // 6
  last = left;               // 7
  i = left + 1;
  while (i <= right) {
    if (a[i] < a[left]) { // 8
      last = last + 1;    // 9
      temp = a[last];     // 10
      a[last] = a[i];     // 11
      a[i] = temp;        // 12
    }
    i = i + 1; // 16
  }
  temp = a[left];      // 18
  a[left] = a[last];   // 19
  a[last] = temp;      // 20
  qs(left, last - 1);  // 21
  qs(last + 1, right); // 22
}

int present(int v) {
  return v == a[0] || v == a[1] || v == a[2] || v == a[3];
}

int main(void) {
  int v0, v1, v2, v3;
  v0 = __VERIFIER_nondet_int();
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  __VERIFIER_assume(v0 != v1 && v0 != v2 && v0 != v3 && v1 != v2 && v1 != v3 && v2 != v3);
  a[0] = v0;
  a[1] = v1;
  a[2] = v2;
  a[3] = v3;
  qs(0, 3);
  assert(a[0] < a[1] && a[1] < a[2] && a[2] < a[3]);
  assert(present(v0));
  assert(present(v1));
  assert(present(v2));
  assert(present(v3));
  return 0;
}
