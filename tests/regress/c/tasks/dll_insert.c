// Task style (issue 17): a doubly-linked list with a `struct node **` head: insert at the front keeps
// prev/next consistent; the buggy insert forgets prev.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 5
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 5 --entry buggy
// EXIT: 1
// CHECK: FAILED
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
struct node { int val; struct node *prev, *next; };
void insert(struct node **head, int v, int bad) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->prev = NULL;
  n->next = *head;
  if (*head && !bad)
    (*head)->prev = n;
  *head = n;
}
int check(int bad) {
  struct node *h = NULL;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 3);
  for (int i = 0; i < n; i++)
    insert(&h, i, bad);
  for (struct node *p = h; p->next; p = p->next)
    if (p->next->prev != p)
      reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
