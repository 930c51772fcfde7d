// L06 (Wolverine2 Table 2, large): value-based partition of a singly linked list.
// Under test: partition (stable: the nodes holding values < x first, then the others, each group in its
// original order). Spec (main): 4 nodes with nondet values and a nondet pivot x; the expected position of
// every node is computed independently (count of smaller-class predecessors, etc.) and the node found at
// that position of the result must be that very node; the result has exactly 4 nodes; values untouched.
// NONDET: 5,1,7,2,4
// NONDET: 1,2,3,4,0
// NONDET: 1,2,3,4,9
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

struct node *partition(struct node *h, int x);
struct node *mk(int v, struct node *nx);
struct node *nth(struct node *h, int i);

struct node *partition(struct node *h, int x) {
  struct node *r = NULL;
  struct node *sh = NULL;
  struct node *st = NULL;
  struct node *gh = NULL;
  struct node *gt = NULL;
  struct node *p = NULL;
  struct node *nx = NULL;
  sh = NULL;
  st = NULL;
  gh = NULL;
  gt = NULL;
  p = h;
  while (p != NULL) {
    nx = p->next;
    p->next = NULL;
    if (p->val < x) {
      if (sh == NULL) {
        sh = p;
      } else {
        st->next = p;
      }
      st = p;
    } else {
      if (gh == NULL) {
        gh = p;
      } else {
        gt->next = p;
      }
      gt = p;
    }
    p = nx;
  }
  if (sh == NULL) {
    r = gh;
    return r;
  }
  st->next = gh;
  r = sh;
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
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *r = NULL, *t = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, x = 0;
  int c1 = 0, c2 = 0, c3 = 0, c4 = 0, s = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  x = __VERIFIER_nondet_int();
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = partition(n1, x);
  // ci = 1 when node i belongs to the "smaller" group; s = its size; pi = the expected position of node i.
  c1 = 0;
  c2 = 0;
  c3 = 0;
  c4 = 0;
  if (v1 < x) {
    c1 = 1;
  }
  if (v2 < x) {
    c2 = 1;
  }
  if (v3 < x) {
    c3 = 1;
  }
  if (v4 < x) {
    c4 = 1;
  }
  s = c1 + c2 + c3 + c4;
  if (c1 == 1) {
    p1 = 1;
  } else {
    p1 = s + 1;
  }
  if (c2 == 1) {
    p2 = c1 + 1;
  } else {
    p2 = s + (1 - c1) + 1;
  }
  if (c3 == 1) {
    p3 = c1 + c2 + 1;
  } else {
    p3 = s + (2 - c1 - c2) + 1;
  }
  if (c4 == 1) {
    p4 = c1 + c2 + c3 + 1;
  } else {
    p4 = s + (3 - c1 - c2 - c3) + 1;
  }
  t = nth(r, p1);
  assert(t == n1); // node 1 in place
  t = nth(r, p2);
  assert(t == n2); // node 2 in place
  t = nth(r, p3);
  assert(t == n3); // node 3 in place
  t = nth(r, p4);
  assert(t == n4); // node 4 in place
  t = nth(r, 5);
  assert(t == NULL);                                                        // four nodes
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4); // values kept
  r = partition(NULL, x);
  assert(r == NULL); // empty
  return 0;
}
