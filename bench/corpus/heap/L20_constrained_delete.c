// L20 (Wolverine2 Table 2, large): constrained deletion: delete every node of a singly linked list that
// has a node with a greater value somewhere to its right.
// Under test: delete_lesser, reverse (reverse the list, walk it keeping the running maximum and drop
// every node below it, reverse back). Spec (main): 4 nodes with nondet values in 0..3; node i is kept
// exactly when its value is >= every value to its right (computed independently); the kept nodes must be
// linked in order from the returned head, the last ending in null; values untouched.
// NONDET: 1,3,2,2
// NONDET: 3,2,1,0
// NONDET: 0,1,2,3
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

struct node *delete_lesser(struct node *h);
struct node *reverse(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *delete_lesser(struct node *h) {
  struct node *r = NULL;
  struct node *p = NULL;
  int max = 0;
  if (h == NULL) {
    r = NULL;
    return r;
  }
  r = reverse(h);
  p = r;
  max = p->val;
  while (p->next != NULL) {
    if (p->next->val < max) {
      p->next = p->next->next;
    } else {
      p = p->next;
      max = p->val;
    }
  }
  r = reverse(r);
  return r;
}

struct node *reverse(struct node *h) {
  struct node *r = NULL;
  struct node *p = NULL;
  struct node *q = NULL;
  r = NULL;
  p = h;
  while (p != NULL) {
    q = p->next;
    p->next = r;
    r = p;
    p = q;
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
  struct node *a0 = NULL, *a1 = NULL, *a2 = NULL, *a3 = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0;
  int k1 = 0, k2 = 0, k3 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(v1 >= 0 && v1 <= 3 && v2 >= 0 && v2 <= 3 && v3 >= 0 && v3 <= 3 && v4 >= 0 && v4 <= 3);
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = delete_lesser(n1);
  k3 = v3 >= v4;
  k2 = v2 >= v3 && v2 >= v4;
  k1 = v1 >= v2 && v1 >= v3 && v1 >= v4;
  // ai: the first kept node after position i (a0 is the expected head); node 4 is always kept.
  a3 = n4;
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
  assert(n4->next == NULL);                                                 // node 4 is last
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4); // values kept
  r = delete_lesser(NULL);
  assert(r == NULL); // empty
  return 0;
}
