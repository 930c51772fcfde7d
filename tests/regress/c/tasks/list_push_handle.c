// Task style (issue 17): a list built through a `struct node **` handle has the length pushed; the buggy push
// forgets to update the handle.
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
void push(struct node **head, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = *head;
  *head = n;
}
void push_lost(struct node **head, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = *head;
  head = &n->next;
}
int length(struct node *l) {
  int k = 0;
  for (; l; l = l->next)
    k++;
  return k;
}
int main(void) {
  struct node *list = NULL;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  for (int i = 0; i < n; i++)
    push(&list, i);
  if (length(list) != n)
    reach_error();
  if (n > 0 && list->val != n - 1)
    reach_error();
  return 0;
}
int buggy(void) {
  struct node *list = NULL;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  for (int i = 0; i < n; i++)
    push_lost(&list, i);
  if (length(list) != n)
    reach_error();
  return 0;
}
