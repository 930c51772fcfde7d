// L02 (Wolverine2 Table 2, large): remove duplicates from a sorted singly linked list.
// Under test: remove_dups (keeps the first node of every run of equal values). Spec (main): 5 nodes with
// sorted nondet values where each step is 0 or 1 (so every pattern of duplicates occurs); the kept nodes
// (the head and every node whose value differs from its predecessor's) must be linked in order, ending in
// null, with values untouched.
// NONDET: 3,0,1,1,0
// NONDET: 3,1,1,1,1
// NONDET: 3,0,0,0,0
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

void remove_dups(struct node *h);
struct node *mk(int v, struct node *nx);

void remove_dups(struct node *h) {
  struct node *p = NULL;
  p = h;
  if (p == NULL) {
    return;
  }
  while (p->next != NULL) {
    if (p->val == p->next->val) {
      p->next = p->next->next;
    } else {
      p = p->next;
    }
  }
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *n5 = NULL;
  struct node *a1 = NULL, *a2 = NULL, *a3 = NULL, *a4 = NULL;
  int v1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0;
  v1 = __VERIFIER_nondet_int();
  d2 = __VERIFIER_nondet_int();
  d3 = __VERIFIER_nondet_int();
  d4 = __VERIFIER_nondet_int();
  d5 = __VERIFIER_nondet_int();
  __VERIFIER_assume(d2 >= 0 && d2 <= 1 && d3 >= 0 && d3 <= 1 && d4 >= 0 && d4 <= 1 && d5 >= 0 && d5 <= 1);
  n5 = mk(v1 + d2 + d3 + d4 + d5, NULL);
  n4 = mk(v1 + d2 + d3 + d4, n5);
  n3 = mk(v1 + d2 + d3, n4);
  n2 = mk(v1 + d2, n3);
  n1 = mk(v1, n2);
  remove_dups(n1);
  // ai: the first kept node after position i (null if none).
  a4 = NULL;
  if (d5 > 0) {
    a4 = n5;
  }
  a3 = a4;
  if (d4 > 0) {
    a3 = n4;
  }
  a2 = a3;
  if (d3 > 0) {
    a2 = n3;
  }
  a1 = a2;
  if (d2 > 0) {
    a1 = n2;
  }
  assert(n1->next == a1);                                                                // after the head
  assert(d2 == 0 || n2->next == a2);                                                     // after node 2
  assert(d3 == 0 || n3->next == a3);                                                     // after node 3
  assert(d4 == 0 || n4->next == a4);                                                     // after node 4
  assert(d5 == 0 || n5->next == NULL);                                                   // node 5 is last
  assert(n1->val == v1 && n3->val == v1 + d2 + d3 && n5->val == v1 + d2 + d3 + d4 + d5); // values kept
  remove_dups(NULL);
  return 0;
}
