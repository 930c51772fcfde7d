// B12 (Wolverine2 Table 2, small): split a circular singly linked list into two halves.
// Under test: split (slow/fast pointers; the first half gets the extra node of an odd list; both halves
// become circular; results in the globals head1, head2). Spec (main): circular lists of 4 and of 3
// nodes; every next edge of both resulting cycles and both heads are checked; values untouched.
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

void split(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *head1 = NULL;
struct node *head2 = NULL;

void split(struct node *h) {
  struct node *slow = NULL;
  struct node *fast = NULL;
  head1 = NULL;
  head2 = NULL;
  if (h == NULL) {
    return;
  }
  slow = h;
  fast = h;
  while (fast->next != h && fast->next->next != h) {
    fast = fast->next->next;
    slow = slow->next;
  }
  if (fast->next->next == h) {
    fast = fast->next;
  }
  head1 = h;
  if (h->next != h) {
    head2 = slow->next;
  }
  fast->next = slow->next;
  slow->next = h;
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  n4->next = n1;
  split(n1);
  assert(head1 == n1 && n1->next == n2 && n2->next == n1);                  // first half 1 2
  assert(head2 == n3 && n3->next == n4 && n4->next == n3);                  // second half 3 4
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4); // values kept
  n3 = mk(v3, NULL);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  n3->next = n1;
  split(n1);
  assert(head1 == n1 && n1->next == n2 && n2->next == n1); // first half 1 2 (odd)
  assert(head2 == n3 && n3->next == n3);                   // second half 3
  split(NULL);
  assert(head1 == NULL && head2 == NULL); // empty
  return 0;
}
