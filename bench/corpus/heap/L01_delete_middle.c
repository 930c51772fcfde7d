// L01 (Wolverine2 Table 2, large): delete the middle node of a singly linked list.
// Under test: delete_middle (slow/fast pointers; removes the node at index floor(n/2), 0-based; a list of
// one node becomes empty). Spec (main): lists of 5, 4 and 1 nodes with nondet values; the remaining
// nodes, in order, every next edge, the head and the values are checked.
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

struct node *delete_middle(struct node *h);
struct node *mk(int v, struct node *nx);

struct node *delete_middle(struct node *h) {
  struct node *r = NULL;
  struct node *slow = NULL;
  struct node *fast = NULL;
  struct node *prev = NULL;
  r = h;
  if (h == NULL || h->next == NULL) {
    r = NULL;
    return r;
  }
  slow = h;
  fast = h;
  prev = NULL;
  while (fast != NULL && fast->next != NULL) {
    fast = fast->next->next;
    prev = slow;
    slow = slow->next;
  }
  prev->next = slow->next;
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
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *n5 = NULL, *r = NULL;
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
  r = delete_middle(n1);
  assert(r == n1 && n1->next == n2 && n2->next == n4 && n4->next == n5 &&
         n5->next == NULL);                                                 // five: third goes
  assert(n1->val == v1 && n2->val == v2 && n4->val == v4 && n5->val == v5); // values kept
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = delete_middle(n1);
  assert(r == n1 && n1->next == n2 && n2->next == n4 && n4->next == NULL); // four: third goes
  n1 = mk(v1, NULL);
  r = delete_middle(n1);
  assert(r == NULL); // one: empty
  return 0;
}
