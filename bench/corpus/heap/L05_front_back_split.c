// L05 (Wolverine2 Table 2, large): split a singly linked list into its front and back halves.
// Under test: split (slow/fast pointers; the front half gets the extra node of an odd list; results in
// the globals front and back). Spec (main): lists of 5, 4 and 1 nodes with nondet values; both halves'
// heads, every next edge and the null terminators are checked; values untouched; empty gives two nulls.
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

struct node *front = NULL;
struct node *back = NULL;

void split(struct node *h) {
  struct node *slow = NULL;
  struct node *fast = NULL;
  if (h == NULL || h->next == NULL) {
    front = h;
    back = NULL;
    return;
  }
  slow = h;
  fast = h->next;
  while (fast != NULL) {
    fast = fast->next;
    if (fast != NULL) {
      slow = slow->next;
      fast = fast->next;
    }
  }
  front = h;
  back = slow->next;
  slow->next = NULL;
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
  split(n1);
  assert(front == n1 && n1->next == n2 && n2->next == n3 && n3->next == NULL);               // front 1 2 3
  assert(back == n4 && n4->next == n5 && n5->next == NULL);                                  // back 4 5
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4 && n5->val == v5); // values kept
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  split(n1);
  assert(front == n1 && n1->next == n2 && n2->next == NULL && back == n3 && n3->next == n4 &&
         n4->next == NULL); // 2 + 2
  n1 = mk(v1, NULL);
  split(n1);
  assert(front == n1 && n1->next == NULL && back == NULL); // 1 + 0
  split(NULL);
  assert(front == NULL && back == NULL); // empty
  return 0;
}
