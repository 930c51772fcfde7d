// B02 (Wolverine2 Table 2, small): reverse a doubly linked list.
// Under test: reverse. Spec (main): 1 <-> 2 <-> 3 <-> 4 (nondet values) becomes 4 <-> 3 <-> 2 <-> 1 on the
// same nodes, with every next and every prev edge checked; values untouched; the empty list stays empty.
// NONDET: 4,3,2,1
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

struct dnode *reverse(struct dnode *h);
struct dnode *append(struct dnode *last, int v);

struct dnode *reverse(struct dnode *h) {
  struct dnode *r = NULL;
  struct dnode *cur = NULL;
  struct dnode *t = NULL;
  r = NULL;
  cur = h;
  while (cur != NULL) {
    t = cur->prev;
    cur->prev = cur->next;
    cur->next = t;
    r = cur;
    cur = cur->prev;
  }
  return r;
}

// Appends a fresh node holding v after `last` (which may be null); returns the new node.
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
  struct dnode *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *r = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  n1 = append(NULL, v1);
  n2 = append(n1, v2);
  n3 = append(n2, v3);
  n4 = append(n3, v4);
  r = reverse(n1);
  assert(r == n4 && n4->next == n3 && n3->next == n2 && n2->next == n1 && n1->next == NULL); // next reversed
  assert(n4->prev == NULL && n3->prev == n4 && n2->prev == n3 && n1->prev == n2);            // prev reversed
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4);                  // values kept
  r = reverse(NULL);
  assert(r == NULL); // empty stays empty
  return 0;
}
