// Task style (issue 17): the head of a possibly empty list: reading it without a check dereferences null.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED: null-deref
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
struct node { int val; struct node *next; };
int first_or(struct node **l, int d) { return *l ? (*l)->val : d; }
int main(void) {
  struct node *l = NULL;
  if (__VERIFIER_nondet_int()) {
    l = malloc(sizeof(struct node));
    l->val = 3;
    l->next = NULL;
  }
  int v = first_or(&l, 3);
  if (v != 3)
    reach_error();
  return 0;
}
int buggy(void) {
  struct node *l = NULL;
  if (__VERIFIER_nondet_int()) {
    l = malloc(sizeof(struct node));
    l->val = 3;
    l->next = NULL;
  }
  struct node **pl = &l;
  return (*pl)->val;
}
