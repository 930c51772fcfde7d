// L04 (Wolverine2 Table 2, large): intersection of two sorted singly linked lists.
// Under test: intersect (walks both strictly increasing lists and builds a new list of the values they
// share, in increasing order). Spec (main): two 3-node strictly increasing lists with small nondet steps,
// so any overlap occurs; the result holds exactly the values of the first list that occur in the second,
// in order, in fresh nodes, null-terminated; both inputs are unchanged.
// NONDET: 0,1,1,1,1,1
// NONDET: 0,1,1,2,2,1
// NONDET: 2,1,1,0,1,1
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

struct node *intersect(struct node *a, struct node *b);
struct node *mk(int v, struct node *nx);
struct node *nth(struct node *h, int i);

struct node *intersect(struct node *a, struct node *b) {
  struct node *r = NULL;
  struct node *tail = NULL;
  struct node *n = NULL;
  struct node *p = NULL;
  struct node *q = NULL;
  r = NULL;
  tail = NULL;
  p = a;
  q = b;
  while (p != NULL && q != NULL) {
    if (p->val == q->val) {
      n = calloc(1, sizeof(struct node));
      n->val = p->val;
      n->next = NULL;
      if (tail == NULL) {
        r = n;
      } else {
        tail->next = n;
      }
      tail = n;
      p = p->next;
      q = q->next;
    } else if (p->val < q->val) {
      p = p->next;
    } else {
      q = q->next;
    }
  }
  return r;
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

// The i-th node (1-based) from h, or null if the list is shorter.
struct node *nth(struct node *h, int i) {
  struct node *q = NULL;
  int j = 0;
  q = h;
  j = 1;
  while (j < i && q != NULL) {
    q = q->next;
    j = j + 1;
  }
  return q;
}

int main(void) {
  struct node *a1 = NULL, *a2 = NULL, *a3 = NULL, *b1 = NULL, *b2 = NULL, *b3 = NULL, *r = NULL, *t = NULL;
  int x1 = 0, x2 = 0, x3 = 0, y1 = 0, y2 = 0, y3 = 0, cnt = 0, e1 = 0, e2 = 0, e3 = 0;
  int in1 = 0, in2 = 0, in3 = 0;
  x1 = __VERIFIER_nondet_int();
  x2 = __VERIFIER_nondet_int();
  x3 = __VERIFIER_nondet_int();
  y1 = __VERIFIER_nondet_int();
  y2 = __VERIFIER_nondet_int();
  y3 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x1 >= 0 && x1 <= 2 && y1 >= 0 && y1 <= 2);
  __VERIFIER_assume(x2 >= 1 && x2 <= 2 && x3 >= 1 && x3 <= 2 && y2 >= 1 && y2 <= 2 && y3 >= 1 && y3 <= 2);
  x2 = x1 + x2;
  x3 = x2 + x3;
  y2 = y1 + y2;
  y3 = y2 + y3;
  a3 = mk(x3, NULL);
  a2 = mk(x2, a3);
  a1 = mk(x1, a2);
  b3 = mk(y3, NULL);
  b2 = mk(y2, b3);
  b1 = mk(y1, b2);
  r = intersect(a1, b1);
  in1 = x1 == y1 || x1 == y2 || x1 == y3;
  in2 = x2 == y1 || x2 == y2 || x2 == y3;
  in3 = x3 == y1 || x3 == y2 || x3 == y3;
  // e1, e2, e3: the expected values in order; cnt: how many.
  cnt = 0;
  if (in1) {
    cnt = 1;
    e1 = x1;
  }
  if (in2) {
    if (cnt == 0) {
      e1 = x2;
    } else {
      e2 = x2;
    }
    cnt = cnt + 1;
  }
  if (in3) {
    if (cnt == 0) {
      e1 = x3;
    } else if (cnt == 1) {
      e2 = x3;
    } else {
      e3 = x3;
    }
    cnt = cnt + 1;
  }
  t = nth(r, cnt + 1);
  assert(t == NULL); // no extra nodes
  t = nth(r, cnt);
  assert(cnt == 0 || t != NULL);                                          // no missing nodes
  assert(cnt < 1 || r->val == e1);                                        // first common value
  assert(cnt < 2 || r->next->val == e2);                                  // second common value
  assert(cnt < 3 || r->next->next->val == e3);                            // third common value
  assert(r != a1 && r != a2 && r != a3 && r != b1 && r != b2 && r != b3); // fresh nodes
  assert(a1->next == a2 && a2->next == a3 && a3->next == NULL && b1->next == b2 && b2->next == b3 &&
         b3->next == NULL); // inputs unchanged
  assert(a1->val == x1 && a2->val == x2 && a3->val == x3 && b1->val == y1 && b2->val == y2 &&
         b3->val == y3); // input values kept
  return 0;
}
