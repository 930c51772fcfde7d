// L16 (Wolverine2 Table 2, large): quicksort on a singly linked list (values are swapped, nodes stay).
// Under test: quicksort (sorts the segment lo..hi, inclusive, hi reachable from lo: Lomuto partition around
// hi's value, moving smaller values to the front of the segment, then recursion on both sides).
// Spec (main): 4 nodes with distinct nondet values; afterwards the i-th node holds the i-th smallest
// value (each value's rank is computed independently), the links are unchanged.
// NONDET: 3,1,4,2
// NONDET: 1,2,3,4
// NONDET: 9,7,5,8
// VERIFY: --unwind 3
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

void quicksort(struct node *lo, struct node *hi);
struct node *mk(int v, struct node *nx);
int rank(int v, int a, int b, int c);
struct node *pick(struct node *n1, struct node *n2, struct node *n3, struct node *n4, int i);

void quicksort(struct node *lo, struct node *hi) {
  int pivot = 0;
  int t = 0;
  struct node *store = NULL;
  struct node *before = NULL;
  struct node *p = NULL;
  if (lo == NULL || hi == NULL || lo == hi) {
    return;
  }
  pivot = hi->val;
  store = lo;
  before = NULL;
  p = lo;
  while (p != hi) {
    if (p->val < pivot) {
      t = p->val;
      p->val = store->val;
      store->val = t;
      before = store;
      store = store->next;
    }
    p = p->next;
  }
  t = store->val;
  store->val = hi->val;
  hi->val = t;
  if (before != NULL) {
    quicksort(lo, before);
  }
  if (store != hi) {
    quicksort(store->next, hi);
  }
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

// 1 + how many of a, b, c are smaller than v.
int rank(int v, int a, int b, int c) {
  int k = 0;
  k = 1;
  if (a < v) {
    k = k + 1;
  }
  if (b < v) {
    k = k + 1;
  }
  if (c < v) {
    k = k + 1;
  }
  return k;
}

// The node among n1..n4 at 1-based position i.
struct node *pick(struct node *n1, struct node *n2, struct node *n3, struct node *n4, int i) {
  struct node *q = NULL;
  q = n4;
  if (i == 1) {
    q = n1;
  } else if (i == 2) {
    q = n2;
  } else if (i == 3) {
    q = n3;
  }
  return q;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *t = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, k = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(v1 != v2 && v1 != v3 && v1 != v4 && v2 != v3 && v2 != v4 && v3 != v4);
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  quicksort(n1, n4);
  k = rank(v1, v2, v3, v4);
  t = pick(n1, n2, n3, n4, k);
  assert(t->val == v1); // v1 at its rank
  k = rank(v2, v1, v3, v4);
  t = pick(n1, n2, n3, n4, k);
  assert(t->val == v2); // v2 at its rank
  k = rank(v3, v1, v2, v4);
  t = pick(n1, n2, n3, n4, k);
  assert(t->val == v3); // v3 at its rank
  k = rank(v4, v1, v2, v3);
  t = pick(n1, n2, n3, n4, k);
  assert(t->val == v4);                                                           // v4 at its rank
  assert(n1->next == n2 && n2->next == n3 && n3->next == n4 && n4->next == NULL); // links unchanged
  return 0;
}
