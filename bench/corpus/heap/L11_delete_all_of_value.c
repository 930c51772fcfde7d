// L11 (Wolverine2 Table 2, large): delete every node holding a given value from a singly linked list.
// Under test: delete_all (drops matching nodes at the head, then unlinks every later match).
// Spec (main): 4 nodes with nondet values in 0..2 and k nondet in 0..2, so any subset of nodes matches;
// the kept nodes (those not holding k) must be linked in order from the returned head, the last one
// ending in null; values untouched.
// NONDET: 1,1,2,1,1
// NONDET: 0,1,0,2,0
// NONDET: 2,2,2,2,2
// VERIFY: --unwind 6
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

struct node *delete_all(struct node *h, int k);
struct node *mk(int v, struct node *nx);

struct node *delete_all(struct node *h, int k) {
  struct node *r = NULL;
  struct node *p = NULL;
  while (h != NULL && h->val == k) {
    h = h->next;
  }
  r = h;
  if (h == NULL) {
    return r;
  }
  p = h;
  while (p->next != NULL) {
    if (p->next->val == k) {
      p->next = p->next->next;
    } else {
      p = p->next;
    }
  }
  return r;
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *r = NULL;
  struct node *a0 = NULL, *a1 = NULL, *a2 = NULL, *a3 = NULL, *a4 = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, k = 0;
  int k1 = 0, k2 = 0, k3 = 0, k4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  k = __VERIFIER_nondet_int();
  __VERIFIER_assume(v1 >= 0 && v1 <= 2 && v2 >= 0 && v2 <= 2 && v3 >= 0 && v3 <= 2 && v4 >= 0 && v4 <= 2);
  __VERIFIER_assume(k >= 0 && k <= 2);
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = delete_all(n1, k);
  k1 = v1 != k;
  k2 = v2 != k;
  k3 = v3 != k;
  k4 = v4 != k;
  // ai: the first kept node after position i (a0 is the expected head).
  a4 = NULL;
  a3 = a4;
  if (k4) {
    a3 = n4;
  }
  a2 = a3;
  if (k3) {
    a2 = n3;
  }
  a1 = a2;
  if (k2) {
    a1 = n2;
  }
  a0 = a1;
  if (k1) {
    a0 = n1;
  }
  assert(r == a0);                                                          // head
  assert(!k1 || n1->next == a1);                                            // after node 1
  assert(!k2 || n2->next == a2);                                            // after node 2
  assert(!k3 || n3->next == a3);                                            // after node 3
  assert(!k4 || n4->next == a4);                                            // after node 4
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4); // values kept
  return 0;
}
