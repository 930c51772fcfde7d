// B07 (Wolverine2 Table 2, small): swap two nodes of a singly linked list (by relinking, not by copying
// values). Under test: swap_nodes (swaps the nodes holding x and y; nothing changes when x == y or one of
// them is absent). Spec (main): the list 1 -> 2 -> 3 -> 4, x and y nondet in 0..5, so adjacent pairs,
// distant pairs, the head, the tail and absent keys all occur; the expected order of the four nodes is
// computed independently and every edge and the head are checked.
// NONDET: 1,4
// NONDET: 3,2
// NONDET: 2,5
// VERIFY: --unwind 6
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

struct node *swap_nodes(struct node *h, int x, int y);
struct node *mk(int v, struct node *nx);
struct node *image(struct node *p, struct node *a, struct node *b);
struct node *find(struct node *n1, struct node *n2, struct node *n3, struct node *n4, int v);

struct node *swap_nodes(struct node *h, int x, int y) {
  struct node *r = NULL;
  struct node *px = NULL;
  struct node *cx = NULL;
  struct node *py = NULL;
  struct node *cy = NULL;
  struct node *t = NULL;
  r = h;
  if (x == y) {
    return r;
  }
  px = NULL;
  cx = h;
  while (cx != NULL && cx->val != x) {
    px = cx;
    cx = cx->next;
  }
  py = NULL;
  cy = h;
  while (cy != NULL && cy->val != y) {
    py = cy;
    cy = cy->next;
  }
  if (cx == NULL || cy == NULL) {
    return r;
  }
  if (px != NULL) {
    px->next = cy;
  } else {
    r = cy;
  }
  if (py != NULL) {
    py->next = cx;
  } else {
    r = cx;
  }
  t = cy->next;
  cy->next = cx->next;
  cx->next = t;
  return r;
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

// The node that should sit where p sits after swapping a and b.
struct node *image(struct node *p, struct node *a, struct node *b) {
  struct node *q = NULL;
  q = p;
  if (a != NULL && b != NULL) {
    if (p == a) {
      q = b;
    } else if (p == b) {
      q = a;
    }
  }
  return q;
}

// The node holding v among n1..n4 (null if none).
struct node *find(struct node *n1, struct node *n2, struct node *n3, struct node *n4, int v) {
  struct node *q = NULL;
  q = NULL;
  if (n1->val == v) {
    q = n1;
  } else if (n2->val == v) {
    q = n2;
  } else if (n3->val == v) {
    q = n3;
  } else if (n4->val == v) {
    q = n4;
  }
  return q;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *r = NULL, *a = NULL, *b = NULL;
  struct node *e1 = NULL, *e2 = NULL, *e3 = NULL, *e4 = NULL;
  int x = 0, y = 0;
  x = __VERIFIER_nondet_int();
  y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 5 && y >= 0 && y <= 5);
  n4 = mk(4, NULL);
  n3 = mk(3, n4);
  n2 = mk(2, n3);
  n1 = mk(1, n2);
  a = find(n1, n2, n3, n4, x);
  b = find(n1, n2, n3, n4, y);
  e1 = image(n1, a, b);
  e2 = image(n2, a, b);
  e3 = image(n3, a, b);
  e4 = image(n4, a, b);
  r = swap_nodes(n1, x, y);
  assert(r == e1 && e1->next == e2 && e2->next == e3 && e3->next == e4 && e4->next == NULL); // swapped
  assert(n1->val == 1 && n2->val == 2 && n3->val == 3 && n4->val == 4);                      // values kept
  return 0;
}
