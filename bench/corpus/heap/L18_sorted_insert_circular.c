// L18 (Wolverine2 Table 2, large): sorted insert into a sorted circular singly linked list.
// Under test: c_sorted_insert (a fresh node holding v goes before the first node holding a value >= v; a
// new minimum becomes the head, which needs the last node to close the cycle; null gives a one-node
// cycle). Spec (main): a sorted 3-node cycle with nondet values and v nondet; for each of the four places
// the head, every next edge of the 4-cycle and the new node (fresh, holding v) are checked; values kept.
// NONDET: 2,1,1,0
// NONDET: 2,1,1,3
// NONDET: 2,1,1,9
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

struct node *c_sorted_insert(struct node *h, int v);
struct node *mk(int v, struct node *nx);

struct node *c_sorted_insert(struct node *h, int v) {
  struct node *r = NULL;
  struct node *n = NULL;
  struct node *p = NULL;
  struct node *last = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  if (h == NULL) {
    n->next = n;
    r = n;
    return r;
  }
  if (v <= h->val) {
    last = h;
    while (last->next != h) {
      last = last->next;
    }
    last->next = n;
    n->next = h;
    r = n;
    return r;
  }
  p = h;
  while (p->next != h && p->next->val < v) {
    p = p->next;
  }
  n->next = p->next;
  p->next = n;
  r = h;
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
  int v1 = 0, v2 = 0, v3 = 0, d2 = 0, d3 = 0, v = 0;
  v1 = __VERIFIER_nondet_int();
  d2 = __VERIFIER_nondet_int();
  d3 = __VERIFIER_nondet_int();
  v = __VERIFIER_nondet_int();
  __VERIFIER_assume(d2 >= 0 && d3 >= 0);
  v2 = v1 + d2;
  v3 = v2 + d3;
  n3 = mk(v3, NULL);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  n3->next = n1;
  r = c_sorted_insert(n1, v);
  if (v <= v1) {
    m = r;
    assert(m->next == n1 && n1->next == n2 && n2->next == n3 && n3->next == m); // new head
  } else if (v <= v2) {
    m = n1->next;
    assert(r == n1 && m->next == n2 && n2->next == n3 && n3->next == n1); // after the first
  } else if (v <= v3) {
    m = n2->next;
    assert(r == n1 && n1->next == n2 && m->next == n3 && n3->next == n1); // after the second
  } else {
    m = n3->next;
    assert(r == n1 && n1->next == n2 && n2->next == n3 && m->next == n1); // after the last
  }
  assert(m != NULL && m != n1 && m != n2 && m != n3 && m->val == v); // one new node holding v
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3);           // values kept
  r = c_sorted_insert(NULL, v);
  assert(r != NULL && r->val == v && r->next == r); // one-node cycle
  return 0;
}
