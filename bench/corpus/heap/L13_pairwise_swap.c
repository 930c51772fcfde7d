// L13 (Wolverine2 Table 2, large): swap the nodes of a singly linked list pairwise (by relinking).
// Under test: pair_swap (1 2 3 4 5 becomes 2 1 4 3 5). Spec (main): lists of 5 and 4 nodes with nondet
// values; the head, every next edge and the values are checked; one node and the empty list unchanged.
// NONDET: 1,2,3,4,5
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

struct node *pair_swap(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *pair_swap(struct node *h) {
  struct node *r = NULL;
  struct node *prev = NULL;
  struct node *cur = NULL;
  struct node *nx = NULL;
  struct node *rest = NULL;
  r = h;
  if (h == NULL || h->next == NULL) {
    return r;
  }
  r = h->next;
  prev = NULL;
  cur = h;
  while (cur != NULL && cur->next != NULL) {
    nx = cur->next;
    rest = nx->next;
    nx->next = cur;
    cur->next = rest;
    if (prev != NULL) {
      prev->next = nx;
    }
    prev = cur;
    cur = rest;
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
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *n5 = NULL, *r = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  v5 = __VERIFIER_nondet_int();
  n5 = mk(v5, NULL);
  n4 = mk(v4, n5);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = pair_swap(n1);
  assert(r == n2 && n2->next == n1 && n1->next == n4 && n4->next == n3 && n3->next == n5 &&
         n5->next == NULL);                                                                  // five
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4 && n5->val == v5); // values kept
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = pair_swap(n1);
  assert(r == n2 && n2->next == n1 && n1->next == n4 && n4->next == n3 && n3->next == NULL); // four
  n1 = mk(v1, NULL);
  r = pair_swap(n1);
  assert(r == n1 && n1->next == NULL); // one
  r = pair_swap(NULL);
  assert(r == NULL); // empty
  return 0;
}
