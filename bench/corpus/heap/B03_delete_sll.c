// B03 (Wolverine2 Table 2, small): delete from a singly linked list.
// Under test: delete_first (unlinks the first node holding k; the list is unchanged when no node does).
// Spec (main): a 4-node list with distinct nondet values; k nondet, so the head, each inner node, the tail
// or no node at all is deleted. Every remaining next edge, the new head and all values are checked.
// NONDET: 1,2,3,4,1
// NONDET: 1,2,3,4,3
// NONDET: 1,2,3,4,4
// NONDET: 5,6,7,8,0
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

struct node *delete_first(struct node *h, int k);
struct node *mk(int v, struct node *nx);

struct node *delete_first(struct node *h, int k) {
  struct node *r = NULL;
  struct node *p = NULL;
  struct node *q = NULL;
  r = h;
  if (h == NULL) {
    return r;
  }
  if (h->val == k) {
    r = h->next;
    return r;
  }
  p = h;
  q = h->next;
  while (q != NULL) {
    if (q->val == k) {
      p->next = q->next;
      return r;
    }
    p = q;
    q = q->next;
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
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, k = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  k = __VERIFIER_nondet_int();
  __VERIFIER_assume(v1 != v2 && v1 != v3 && v1 != v4 && v2 != v3 && v2 != v4 && v3 != v4);
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = delete_first(n1, k);
  if (k == v1) {
    assert(r == n2 && n2->next == n3 && n3->next == n4 && n4->next == NULL); // head deleted
  } else if (k == v2) {
    assert(r == n1 && n1->next == n3 && n3->next == n4 && n4->next == NULL); // second deleted
  } else if (k == v3) {
    assert(r == n1 && n1->next == n2 && n2->next == n4 && n4->next == NULL); // third deleted
  } else if (k == v4) {
    assert(r == n1 && n1->next == n2 && n2->next == n3 && n3->next == NULL); // tail deleted
  } else {
    assert(r == n1 && n1->next == n2 && n2->next == n3 && n3->next == n4 && n4->next == NULL); // unchanged
  }
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4); // values kept
  r = delete_first(NULL, k);
  assert(r == NULL); // empty stays empty
  return 0;
}
