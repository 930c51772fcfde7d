// Task style (issue 17): appending to a list through a cursor kept in a `struct node ***`.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
struct node { int val; struct node *next; };
void start(struct node ***cur, struct node **head) { *cur = head; }
void append(struct node ***cur, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = NULL;
  **cur = n;
  *cur = &n->next;
}
int main(void) {
  struct node *head = NULL;
  struct node **cur;
  start(&cur, &head);
  append(&cur, 1);
  append(&cur, 2);
  append(&cur, 3);
  if (!head || head->val != 1 || head->next->val != 2 || head->next->next->val != 3 || head->next->next->next)
    reach_error();
  return 0;
}
int buggy(void) {
  struct node *head = NULL;
  struct node **cur;
  start(&cur, &head);
  append(&cur, 1);
  cur = &head; // restarts: the second append replaces the first node
  append(&cur, 2);
  if (!head || head->val != 1)
    reach_error();
  return 0;
}
