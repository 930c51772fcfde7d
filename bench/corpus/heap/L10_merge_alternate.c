// L10 (Wolverine2 Table 2, large): merge a list into another at alternate positions.
// Under test: merge_alt (the nodes of q are inserted after the 1st, 2nd, ... node of p while both last;
// returns what is left of q). Spec (main): p = p1 p2 p3 with q = q1 q2 q3 q4 (one left over) and with
// q = q1 q2 (q runs out); every next edge of the merged list, the remainder and all values are checked.
// NONDET: 1,2,3,4,5,6,7
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

struct node *merge_alt(struct node *p, struct node *q);
struct node *mk(int v, struct node *nx);

struct node *merge_alt(struct node *p, struct node *q) {
  struct node *rest = NULL;
  struct node *pc = NULL;
  struct node *qc = NULL;
  struct node *pn = NULL;
  struct node *qn = NULL;
  pc = p;
  qc = q;
  while (pc != NULL && qc != NULL) {
    pn = pc->next;
    qn = qc->next;
    qc->next = pn;
    pc->next = qc;
    pc = pn;
    qc = qn;
  }
  rest = qc;
  return rest;
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

int main(void) {
  struct node *p1 = NULL, *p2 = NULL, *p3 = NULL, *q1 = NULL, *q2 = NULL, *q3 = NULL, *q4 = NULL, *r = NULL;
  int v1 = 0, v2 = 0, v3 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  w1 = __VERIFIER_nondet_int();
  w2 = __VERIFIER_nondet_int();
  w3 = __VERIFIER_nondet_int();
  w4 = __VERIFIER_nondet_int();
  p3 = mk(v3, NULL);
  p2 = mk(v2, p3);
  p1 = mk(v1, p2);
  q4 = mk(w4, NULL);
  q3 = mk(w3, q4);
  q2 = mk(w2, q3);
  q1 = mk(w1, q2);
  r = merge_alt(p1, q1);
  assert(p1->next == q1 && q1->next == p2 && p2->next == q2 && q2->next == p3 && p3->next == q3 &&
         q3->next == NULL);            // merged
  assert(r == q4 && q4->next == NULL); // q4 left over
  assert(p1->val == v1 && p2->val == v2 && p3->val == v3 && q1->val == w1 && q2->val == w2 && q3->val == w3 &&
         q4->val == w4); // values kept
  p3 = mk(v3, NULL);
  p2 = mk(v2, p3);
  p1 = mk(v1, p2);
  q2 = mk(w2, NULL);
  q1 = mk(w1, q2);
  r = merge_alt(p1, q1);
  assert(r == NULL && p1->next == q1 && q1->next == p2 && p2->next == q2 && q2->next == p3 &&
         p3->next == NULL); // q runs out
  return 0;
}
