// B10 (Wolverine2 Table 2, small): length of a singly linked list.
// Under test: length. Spec (main): a list of nondet length n in 0..4 built by the driver; the result is
// n and the list is unchanged (same head, n nodes, null-terminated).
// NONDET: 3
// NONDET: 0
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

int length(struct node *h);
struct node *build(int n);

int length(struct node *h) {
  int n = 0;
  struct node *p = NULL;
  n = 0;
  p = h;
  while (p != NULL) {
    n = n + 1;
    p = p->next;
  }
  return n;
}

// A list of n fresh nodes holding n, n-1, ..., 1 from the head.
struct node *build(int n) {
  struct node *h = NULL;
  int i = 0;
  struct node *p = NULL;
  h = NULL;
  i = 1;
  while (i <= n) {
    p = calloc(1, sizeof(struct node));
    p->val = i;
    p->next = h;
    h = p;
    i = i + 1;
  }
  return h;
}

int main(void) {
  struct node *h = NULL;
  int n = 0, m = 0;
  n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  h = build(n);
  m = length(h);
  assert(m == n);                // length
  assert(n == 0 || h->val == n); // head unchanged
  return 0;
}
