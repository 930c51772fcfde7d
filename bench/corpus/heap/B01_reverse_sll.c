// B01 (Wolverine2 Table 2, small): reverse a singly linked list.
// Under test: reverse. Spec (main): a 4-node list with nondet values comes back as 4 -> 3 -> 2 -> 1
// (the same nodes, every next edge turned around, values untouched); the empty list stays empty.
// NONDET: 1,2,3,4
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

struct node *reverse(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *reverse(struct node *h) {
  struct node *r = NULL;
  struct node *p = NULL;
  struct node *q = NULL;
  r = NULL;
  p = h;
  while (p != NULL) {
    q = p->next;
    p->next = r;
    r = p;
    p = q;
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
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = reverse(n1);
  assert(r == n4 && n4->next == n3 && n3->next == n2 && n2->next == n1 && n1->next == NULL); // reversed
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4);                  // values kept
  r = reverse(NULL);
  assert(r == NULL); // empty stays empty
  return 0;
}
