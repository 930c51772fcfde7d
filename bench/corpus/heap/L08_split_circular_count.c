// L08 (Wolverine2 Table 2, large): split a circular singly linked list into two halves by counting.
// Under test: split (counts the nodes of the cycle, walks to the end of the first half, ceil(n/2) nodes,
// and closes both halves into cycles; results in the globals head1, head2). Spec (main): circular lists
// of 5 and of 2 nodes with nondet values; both heads and every next edge of both cycles are checked,
// values untouched; a one-node cycle stays whole with an empty second half; null gives two nulls.
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

void split(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *head1 = NULL;
struct node *head2 = NULL;

void split(struct node *h) {
  int n = 0;
  int i = 0;
  struct node *p = NULL;
  struct node *last = NULL;
  head1 = NULL;
  head2 = NULL;
  if (h == NULL) {
    return;
  }
  n = 1;
  last = h;
  while (last->next != h) {
    last = last->next;
    n = n + 1;
  }
  head1 = h;
  if (n == 1) {
    return;
  }
  p = h;
  i = 1;
  while (i < (n + 1) / 2) {
    p = p->next;
    i = i + 1;
  }
  head2 = p->next;
  p->next = h;
  last->next = head2;
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
  n5->next = n1;
  split(n1);
  assert(head1 == n1 && n1->next == n2 && n2->next == n3 && n3->next == n1); // first half 1 2 3
  assert(head2 == n4 && n4->next == n5 && n5->next == n4);                   // second half 4 5
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4 && n5->val == v5); // values kept
  n2 = mk(v2, NULL);
  n1 = mk(v1, n2);
  n2->next = n1;
  split(n1);
  assert(head1 == n1 && n1->next == n1 && head2 == n2 && n2->next == n2); // 1 + 1
  n1 = mk(v1, NULL);
  n1->next = n1;
  split(n1);
  assert(head1 == n1 && n1->next == n1 && head2 == NULL); // 1 + 0
  split(NULL);
  assert(head1 == NULL && head2 == NULL); // empty
  return 0;
}
