// B06 (Wolverine2 Table 2, small): insert into a singly linked list at a position.
// Under test: insert_at (a fresh node holding v becomes the pos-th node, 0 = the head; a position past
// the end appends). Spec (main): a 3-node list, pos nondet in 0..4 and v nondet; the old nodes keep their
// order, the new node holds v and sits at min(pos, 3); every edge checked. Also insertion into null.
// NONDET: 1,2,3,0,7
// NONDET: 1,2,3,2,7
// NONDET: 1,2,3,4,7
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

struct node *insert_at(struct node *h, int pos, int v);
struct node *mk(int v, struct node *nx);

struct node *insert_at(struct node *h, int pos, int v) {
  struct node *r = NULL;
  struct node *n = NULL;
  struct node *p = NULL;
  int i = 0;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  if (pos == 0 || h == NULL) {
    n->next = h;
    r = n;
    return r;
  }
  r = h;
  p = h;
  i = 1;
  while (i < pos && p->next != NULL) {
    p = p->next;
    i = i + 1;
  }
  n->next = p->next;
  p->next = n;
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
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *r = NULL, *m = NULL;
  int v1 = 0, v2 = 0, v3 = 0, pos = 0, v = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  pos = __VERIFIER_nondet_int();
  v = __VERIFIER_nondet_int();
  __VERIFIER_assume(pos >= 0 && pos <= 4);
  n3 = mk(v3, NULL);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = insert_at(n1, pos, v);
  if (pos == 0) {
    m = r;
    assert(m->next == n1 && n1->next == n2 && n2->next == n3 && n3->next == NULL); // at the head
  } else if (pos == 1) {
    m = n1->next;
    assert(r == n1 && m->next == n2 && n2->next == n3 && n3->next == NULL); // second
  } else if (pos == 2) {
    m = n2->next;
    assert(r == n1 && n1->next == n2 && m->next == n3 && n3->next == NULL); // third
  } else {
    m = n3->next;
    assert(r == n1 && n1->next == n2 && n2->next == n3 && m->next == NULL); // at the end
  }
  assert(m != NULL && m != n1 && m != n2 && m != n3 && m->val == v); // one new node holding v
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3);           // values kept
  r = insert_at(NULL, pos, v);
  assert(r != NULL && r->val == v && r->next == NULL); // into the empty list
  return 0;
}
