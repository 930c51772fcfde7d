// C front end: structs with int and pointer fields, malloc/calloc/free, ->, (*p).f, NULL, typedef'd
// anonymous structs, short-circuit guarding heap reads (p != NULL && p->val), null dereference.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 6
// CHECK: n3: node { val = 3, next = n2 }
// RUN: locus run %s --entry deref_null
// EXIT: 1
// CHECK: failure (null-deref)
// CHECK: heap.c:57:10
// RUN: locus run %s --entry pairs
// CHECK: result: 7
#include <stdlib.h>

struct node {
  int val;
  struct node *next;
};

typedef struct {
  int key;
  struct node *list;
} pair;

struct node *push(struct node *l, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = l;
  return n;
}

int sum(struct node *l) {
  int s = 0;
  for (struct node *p = l; p != NULL; p = p->next)
    s += (*p).val;
  return s;
}

int main(void) {
  struct node *l = NULL;
  for (int i = 1; i <= 3; i++)
    l = push(l, i);
  // the right operand reads the heap only when the left one allows it
  int firstBig = l != NULL && l->val > 2;
  struct node *e = NULL;
  int safe = e == NULL || e->val > 0;
  if (!firstBig || !safe)
    return -1;
  struct node *tmp = l->next->next;
  free(tmp->next);             // NULL: free is a no-op
  return sum(l);
}

int deref_null(void) {
  struct node *p = push(NULL, 1);
  p = p->next;
  return p->val;
}

int pairs(void) {
  pair *q = (pair *)calloc(1, sizeof(pair));
  q->key = 4;
  q->list = push(q->list, 3);
  return q->key + q->list->val;
}
