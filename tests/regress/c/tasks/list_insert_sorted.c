// Task style (issue 17): sorted insertion walking `struct node **pp = &(*pp)->next` keeps the list sorted;
// the buggy comparison inserts in the wrong place.
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
struct node { int val; struct node *next; };
void insert(struct node **pp, int v, int bad) {
  while (*pp && (bad ? (*pp)->val > v : (*pp)->val < v))
    pp = &(*pp)->next;
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = *pp;
  *pp = n;
}
int check(int bad) {
  struct node *list = NULL;
  for (int i = 0; i < 3; i++)
    insert(&list, __VERIFIER_nondet_int(), bad);
  for (struct node *p = list; p && p->next; p = p->next)
    if (p->val > p->next->val)
      reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
