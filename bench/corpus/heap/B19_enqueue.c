// B19 (Wolverine2 Table 2, small): enqueue into a linked queue.
// Under test: enqueue (a fresh node holding v is linked after the rear; front and rear updated; the
// empty queue gets the node as both front and rear). Spec (main): three enqueues of nondet values into an
// empty queue; after each one the front, the rear, every next link and every value are checked.
// NONDET: 1,2,3
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};
struct queue {
  struct node *front;
  struct node *rear;
};

void enqueue(struct queue *q, int v);

void enqueue(struct queue *q, int v) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = NULL;
  if (q->rear == NULL) {
    q->front = n;
    q->rear = n;
    return;
  }
  q->rear->next = n;
  q->rear = n;
}

int main(void) {
  struct queue *q = NULL;
  struct node *a = NULL, *b = NULL, *c = NULL;
  int v1 = 0, v2 = 0, v3 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  q = calloc(1, sizeof(struct queue));
  enqueue(q, v1);
  a = q->front;
  assert(a != NULL && q->rear == a && a->next == NULL && a->val == v1); // one element
  enqueue(q, v2);
  b = q->rear;
  assert(q->front == a && b != NULL && b != a && a->next == b && b->next == NULL && b->val == v2); // two
  enqueue(q, v3);
  c = q->rear;
  assert(q->front == a && c != NULL && c != a && c != b && b->next == c && c->next == NULL); // three
  assert(a->next == b && a->val == v1 && b->val == v2 && c->val == v3); // order and values
  return 0;
}
