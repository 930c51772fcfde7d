// L17 (Wolverine2 Table 2, large): delete a given node from a doubly linked list.
// Under test: dl_delete (unlinks d: its successor's prev and its predecessor's next bypass it; the head
// moves when d is the head). Spec (main): 4 nodes with nondet values, d the nondet i-th node; afterwards
// the head and every next and prev edge of the remaining three nodes are checked; values untouched.
// NONDET: 1,2,3,4,1
// NONDET: 1,2,3,4,2
// NONDET: 1,2,3,4,4
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct dnode {
  struct dnode *next;
  struct dnode *prev;
  int val;
};

struct dnode *dl_delete(struct dnode *h, struct dnode *d);
struct dnode *append(struct dnode *last, int v);

struct dnode *dl_delete(struct dnode *h, struct dnode *d) {
  struct dnode *r = NULL;
  r = h;
  if (h == NULL || d == NULL) {
    return r;
  }
  if (h == d) {
    r = d->next;
  }
  if (d->next != NULL) {
    d->next->prev = d->prev;
  }
  if (d->prev != NULL) {
    d->prev->next = d->next;
  }
  return r;
}

// Appends a fresh node holding v after last (which may be null); returns the new node.
struct dnode *append(struct dnode *last, int v) {
  struct dnode *n = NULL;
  n = calloc(1, sizeof(struct dnode));
  n->val = v;
  n->next = NULL;
  n->prev = last;
  if (last != NULL) {
    last->next = n;
  }
  return n;
}

int main(void) {
  struct dnode *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *d = NULL, *r = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, i = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 1 && i <= 4);
  n1 = append(NULL, v1);
  n2 = append(n1, v2);
  n3 = append(n2, v3);
  n4 = append(n3, v4);
  d = n4;
  if (i == 1) {
    d = n1;
  } else if (i == 2) {
    d = n2;
  } else if (i == 3) {
    d = n3;
  }
  r = dl_delete(n1, d);
  if (i == 1) {
    assert(r == n2 && n2->prev == NULL && n2->next == n3 && n3->prev == n2 && n3->next == n4 &&
           n4->prev == n3 && n4->next == NULL); // head deleted
  } else if (i == 2) {
    assert(r == n1 && n1->prev == NULL && n1->next == n3 && n3->prev == n1 && n3->next == n4 &&
           n4->prev == n3 && n4->next == NULL); // second deleted
  } else if (i == 3) {
    assert(r == n1 && n1->prev == NULL && n1->next == n2 && n2->prev == n1 && n2->next == n4 &&
           n4->prev == n2 && n4->next == NULL); // third deleted
  } else {
    assert(r == n1 && n1->prev == NULL && n1->next == n2 && n2->prev == n1 && n2->next == n3 &&
           n3->prev == n2 && n3->next == NULL); // tail deleted
  }
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4); // values kept
  n1 = append(NULL, v1);
  r = dl_delete(n1, n1);
  assert(r == NULL); // the only node
  r = dl_delete(NULL, NULL);
  assert(r == NULL); // empty
  return 0;
}
