// Task style: a sorted list built through `struct node **` handles (`pp = &(*pp)->next`, `&head`): a pointer
// to a pointer that is a box or a node's field (frontend/c/README.md, *Memory model*). The safe variant keeps
// the list sorted; the buggy one stops one node early and breaks the order.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 4
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 4 --entry buggy
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: list_handles.c:{{[0-9]+}}:
// RUN: locus run %s --nondet 5,1,3
// CHECK: outcome: ok
// CHECK: result: 3
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node { int val; struct node *next; };

void insert(struct node **pp, int v) {
  while (*pp != NULL && (*pp)->val < v)
    pp = &(*pp)->next;
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = *pp;
  *pp = n;
}

void insert_buggy(struct node **pp, int v) {
  while (*pp != NULL && (*pp)->next != NULL && (*pp)->val < v)
    pp = &(*pp)->next;
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = *pp;
  *pp = n;
}

int check(struct node *l) {
  int len = 0;
  for (struct node *p = l; p != NULL; p = p->next) {
    if (p->next != NULL)
      assert(p->val <= p->next->val);
    len++;
  }
  return len;
}

int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++)
    insert(&head, __VERIFIER_nondet_int());
  return check(head);
}

int buggy(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++)
    insert_buggy(&head, __VERIFIER_nondet_int());
  return check(head);
}
