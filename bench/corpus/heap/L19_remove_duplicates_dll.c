// L19 (Wolverine2 Table 2, large): remove duplicates from a sorted doubly linked list.
// Under test: dl_remove_dups (keeps the first node of every run of equal values, relinking next and
// prev around each dropped node). Spec (main): 4 nodes with sorted nondet values whose steps are 0 or 1
// (every duplicate pattern); the kept nodes must be linked in order by next, each kept node's successor
// must point back to it by prev, the head keeps a null prev, the last ends in null; values untouched.
// NONDET: 3,0,1,0
// NONDET: 3,1,1,1
// NONDET: 3,0,0,0
// VERIFY: --unwind 6
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

void dl_remove_dups(struct dnode *h);
struct dnode *append(struct dnode *last, int v);

void dl_remove_dups(struct dnode *h) {
  struct dnode *p = NULL;
  struct dnode *d = NULL;
  p = h;
  if (p == NULL) {
    return;
  }
  while (p->next != NULL) {
    if (p->val == p->next->val) {
      d = p->next;
      p->next = d->next;
      if (d->next != NULL) {
        d->next->prev = p;
      }
    } else {
      p = p->next;
    }
  }
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
  struct dnode *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL;
  struct dnode *a1 = NULL, *a2 = NULL, *a3 = NULL;
  int v1 = 0, d2 = 0, d3 = 0, d4 = 0;
  v1 = __VERIFIER_nondet_int();
  d2 = __VERIFIER_nondet_int();
  d3 = __VERIFIER_nondet_int();
  d4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(d2 >= 0 && d2 <= 1 && d3 >= 0 && d3 <= 1 && d4 >= 0 && d4 <= 1);
  n1 = append(NULL, v1);
  n2 = append(n1, v1 + d2);
  n3 = append(n2, v1 + d2 + d3);
  n4 = append(n3, v1 + d2 + d3 + d4);
  dl_remove_dups(n1);
  // ai: the first kept node after position i (null if none).
  a3 = NULL;
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
  assert(n1->prev == NULL && n1->next == a1 && (a1 == NULL || a1->prev == n1)); // around the head
  assert(d2 == 0 || (n2->next == a2 && (a2 == NULL || a2->prev == n2)));        // around node 2
  assert(d3 == 0 || (n3->next == a3 && (a3 == NULL || a3->prev == n3)));        // around node 3
  assert(d4 == 0 || n4->next == NULL);                                          // node 4 is last
  assert(n1->val == v1 && n2->val == v1 + d2 && n3->val == v1 + d2 + d3 &&
         n4->val == v1 + d2 + d3 + d4); // values kept
  return 0;
}
