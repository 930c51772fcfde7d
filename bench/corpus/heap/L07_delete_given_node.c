// L07 (Wolverine2 Table 2, large): delete a given node (by reference) from a singly linked list.
// Under test: delete_node (if d has a successor, d takes over the successor's value and link and the
// successor is dropped; if d is the last node it is unlinked from its predecessor, found from the head;
// a one-node list becomes empty). Spec (main): a 4-node list with nondet values and d the nondet i-th
// node; afterwards the head, every next edge and every value of the remaining sequence are checked.
// NONDET: 1,2,3,4,1
// NONDET: 1,2,3,4,3
// NONDET: 1,2,3,4,4
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

struct node *delete_node(struct node *h, struct node *d);
struct node *mk(int v, struct node *nx);

struct node *delete_node(struct node *h, struct node *d) {
  struct node *r = NULL;
  struct node *nx = NULL;
  struct node *p = NULL;
  r = h;
  nx = d->next;
  if (nx != NULL) {
    d->val = nx->val;
    d->next = nx->next;
    return r;
  }
  if (h == d) {
    r = NULL;
    return r;
  }
  p = h;
  while (p->next != d) {
    p = p->next;
  }
  p->next = NULL;
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
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *d = NULL, *r = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, i = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 1 && i <= 4);
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  d = n4;
  if (i == 1) {
    d = n1;
  } else if (i == 2) {
    d = n2;
  } else if (i == 3) {
    d = n3;
  }
  r = delete_node(n1, d);
  assert(r == n1); // the head node stays
  if (i == 1) {
    assert(n1->next == n3 && n3->next == n4 && n4->next == NULL); // links after deleting 1
    assert(n1->val == v2 && n3->val == v3 && n4->val == v4);      // values after deleting 1
  } else if (i == 2) {
    assert(n1->next == n2 && n2->next == n4 && n4->next == NULL); // links after deleting 2
    assert(n1->val == v1 && n2->val == v3 && n4->val == v4);      // values after deleting 2
  } else if (i == 3) {
    assert(n1->next == n2 && n2->next == n3 && n3->next == NULL); // links after deleting 3
    assert(n1->val == v1 && n2->val == v2 && n3->val == v4);      // values after deleting 3
  } else {
    assert(n1->next == n2 && n2->next == n3 && n3->next == NULL); // links after deleting 4
    assert(n1->val == v1 && n2->val == v2 && n3->val == v3);      // values after deleting 4
  }
  n1 = mk(v1, NULL);
  r = delete_node(n1, n1);
  assert(r == NULL); // the only node
  return 0;
}
