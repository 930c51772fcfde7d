// A singly linked list built from nondet values; insertion sort; a null dereference on some inputs.
// INPUTS: 3,5,1,4
// INPUTS: 0
// INPUTS: -1
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  int val;
  struct node *next;
};

struct node *insert(struct node *l, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  if (l == NULL || v <= l->val) {
    n->next = l;
    return n;
  }
  struct node *p = l;
  while (p->next != NULL && p->next->val < v)
    p = p->next;
  n->next = p->next;
  p->next = n;
  return n == NULL ? NULL : l;
}

int main(void) {
  int len = __VERIFIER_nondet_int();
  struct node *l = NULL;
  if (len < 0) {
    return l->val; // null dereference
  }
  for (int i = 0; i < len % 6; i++)
    l = insert(l, __VERIFIER_nondet_int());
  int sorted = 1, count = 0;
  for (struct node *p = l; p != NULL; p = p->next) {
    count++;
    if (p->next != NULL && p->val > p->next->val)
      sorted = 0;
  }
  assert(sorted);
  return count * 10 + (l != NULL ? l->val % 7 : 0);
}
