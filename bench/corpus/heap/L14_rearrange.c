// L14 (Wolverine2 Table 2, large): rearrange a singly linked list in place as L0 Ln L1 Ln-1 L2 ...
// Under test: rearrange (finds the middle, reverses the second half, then interleaves the two halves).
// Spec (main): lists of 5 and 4 nodes with nondet values; the result orders are 1 5 2 4 3 and 1 4 2 3;
// every next edge, the null end and the values are checked; 1- and 2-node lists are unchanged.
// NONDET: 1,2,3,4,5
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

void rearrange(struct node *h);
struct node *mk(int v, struct node *nx);

void rearrange(struct node *h) {
  struct node *slow = NULL;
  struct node *fast = NULL;
  struct node *prev = NULL;
  struct node *cur = NULL;
  struct node *nx = NULL;
  struct node *p = NULL;
  struct node *q = NULL;
  struct node *pn = NULL;
  struct node *qn = NULL;
  if (h == NULL || h->next == NULL) {
    return;
  }
  slow = h;
  fast = h->next;
  while (fast != NULL && fast->next != NULL) {
    slow = slow->next;
    fast = fast->next->next;
  }
  cur = slow->next;
  slow->next = NULL;
  prev = NULL;
  while (cur != NULL) {
    nx = cur->next;
    cur->next = prev;
    prev = cur;
    cur = nx;
  }
  p = h;
  q = prev;
  while (q != NULL) {
    pn = p->next;
    qn = q->next;
    p->next = q;
    q->next = pn;
    p = pn;
    q = qn;
  }
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *n5 = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  v5 = __VERIFIER_nondet_int();
  n5 = mk(v5, NULL);
  n4 = mk(v4, n5);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  rearrange(n1);
  assert(n1->next == n5 && n5->next == n2 && n2->next == n4 && n4->next == n3 &&
         n3->next == NULL);                                                                  // 1 5 2 4 3
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4 && n5->val == v5); // values kept
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  rearrange(n1);
  assert(n1->next == n4 && n4->next == n2 && n2->next == n3 && n3->next == NULL); // 1 4 2 3
  n2 = mk(v2, NULL);
  n1 = mk(v1, n2);
  rearrange(n1);
  assert(n1->next == n2 && n2->next == NULL); // two unchanged
  n1 = mk(v1, NULL);
  rearrange(n1);
  assert(n1->next == NULL); // one unchanged
  return 0;
}
