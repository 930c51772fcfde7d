// L09 (Wolverine2 Table 2, large): make the middle node the head of a singly linked list.
// Under test: middle_to_head (slow/fast pointers find the node at index floor(n/2), 0-based, which is
// unlinked and put in front; lists of 0 or 1 node are unchanged). Spec (main): lists of 5, 4 and 2 nodes
// with nondet values; every next edge and the head are checked; values untouched.
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

struct node *middle_to_head(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *middle_to_head(struct node *h) {
  struct node *r = NULL;
  struct node *one = NULL;
  struct node *two = NULL;
  struct node *prev = NULL;
  r = h;
  if (h == NULL || h->next == NULL) {
    return r;
  }
  one = h;
  two = h;
  prev = NULL;
  while (two != NULL && two->next != NULL) {
    prev = one;
    two = two->next->next;
    one = one->next;
  }
  prev->next = one->next;
  one->next = h;
  r = one;
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
  r = middle_to_head(n1);
  assert(r == n3 && n3->next == n1 && n1->next == n2 && n2->next == n4 && n4->next == n5 &&
         n5->next == NULL);                                                                  // five
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4 && n5->val == v5); // values kept
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = middle_to_head(n1);
  assert(r == n3 && n3->next == n1 && n1->next == n2 && n2->next == n4 && n4->next == NULL); // four
  n2 = mk(v2, NULL);
  n1 = mk(v1, n2);
  r = middle_to_head(n1);
  assert(r == n2 && n2->next == n1 && n1->next == NULL); // two
  n1 = mk(v1, NULL);
  r = middle_to_head(n1);
  assert(r == n1 && n1->next == NULL); // one
  return 0;
}
