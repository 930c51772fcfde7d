// Task style (issue 17): removing every node with a value through a `struct node **` cursor; the buggy
// removal skips the node after a removed one.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 6
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 6 --entry buggy
// EXIT: 1
// CHECK: FAILED
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
struct node { int val; struct node *next; };
void remove_all(struct node **pp, int x) {
  while (*pp) {
    if ((*pp)->val == x)
      *pp = (*pp)->next;
    else
      pp = &(*pp)->next;
  }
}
void remove_all_bad(struct node **pp, int x) {
  while (*pp) {
    if ((*pp)->val == x)
      *pp = (*pp)->next;
    if (*pp)
      pp = &(*pp)->next;
  }
}
struct node *build(int n) {
  struct node *l = NULL;
  for (int i = 0; i < n; i++) {
    struct node *k = malloc(sizeof(struct node));
    k->val = __VERIFIER_nondet_int();
    k->next = l;
    l = k;
  }
  return l;
}
int main(void) {
  struct node *l = build(4);
  int x = __VERIFIER_nondet_int();
  remove_all(&l, x);
  for (struct node *p = l; p; p = p->next)
    if (p->val == x)
      reach_error();
  return 0;
}
int buggy(void) {
  struct node *l = build(4);
  int x = __VERIFIER_nondet_int();
  remove_all_bad(&l, x);
  for (struct node *p = l; p; p = p->next)
    if (p->val == x)
      reach_error();
  return 0;
}
