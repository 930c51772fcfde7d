// L03 (Wolverine2 Table 2, large): move the last node of a singly linked list to the front.
// Under test: move_last (finds the last node and its predecessor, detaches the last node and makes it the
// head). Spec (main): lists of 4, 2 and 1 nodes with nondet values; every next edge and the head are
// checked (4: n4 n1 n2 n3; 2: n2 n1; 1: unchanged); values untouched; the empty list stays empty.
// NONDET: 1,2,3,4
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

struct node *move_last(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *move_last(struct node *h) {
  struct node *r = NULL;
  struct node *sec = NULL;
  struct node *last = NULL;
  r = h;
  if (h == NULL || h->next == NULL) {
    return r;
  }
  sec = NULL;
  last = h;
  while (last->next != NULL) {
    sec = last;
    last = last->next;
  }
  sec->next = NULL;
  last->next = h;
  r = last;
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
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = move_last(n1);
  assert(r == n4 && n4->next == n1 && n1->next == n2 && n2->next == n3 && n3->next == NULL); // four
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4);                  // values kept
  n2 = mk(v2, NULL);
  n1 = mk(v1, n2);
  r = move_last(n1);
  assert(r == n2 && n2->next == n1 && n1->next == NULL); // two
  n1 = mk(v1, NULL);
  r = move_last(n1);
  assert(r == n1 && n1->next == NULL); // one
  r = move_last(NULL);
  assert(r == NULL); // empty
  return 0;
}
