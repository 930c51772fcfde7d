// L15 (Wolverine2 Table 2, large): sort a singly linked list that is sorted by absolute value.
// Under test: abs_sort (every node whose value is smaller than its kept predecessor's, i.e. a negative
// one, is moved to the front, so negatives end up in reverse order, before the rest in order).
// Spec (main): 4 nodes whose magnitudes strictly increase (nondet steps) with nondet signs; the expected
// position of every node is computed independently (negatives: how many negatives follow it; others:
// all negatives plus how many non-negatives precede it) and checked, with the head, 4 nodes exactly and
// the values; the result is therefore sorted.
// NONDET: 1,1,1,1,1,0,1,0
// NONDET: 0,1,2,1,0,1,0,1
// NONDET: 2,1,1,1,1,0,1,0
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

struct node *abs_sort(struct node *h);
struct node *mk(int v, struct node *nx);
struct node *nth(struct node *h, int i);

struct node *abs_sort(struct node *h) {
  struct node *r = NULL;
  struct node *prev = NULL;
  struct node *cur = NULL;
  r = h;
  if (h == NULL) {
    return r;
  }
  prev = h;
  cur = h->next;
  while (cur != NULL) {
    if (cur->val < prev->val) {
      prev->next = cur->next;
      cur->next = r;
      r = cur;
      cur = prev->next;
    } else {
      prev = cur;
      cur = cur->next;
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
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *r = NULL, *t = NULL;
  int m1 = 0, m2 = 0, m3 = 0, m4 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, ng = 0;
  int p1 = 0, p2 = 0, p3 = 0, p4 = 0;
  m1 = __VERIFIER_nondet_int();
  m2 = __VERIFIER_nondet_int();
  m3 = __VERIFIER_nondet_int();
  m4 = __VERIFIER_nondet_int();
  s1 = __VERIFIER_nondet_int();
  s2 = __VERIFIER_nondet_int();
  s3 = __VERIFIER_nondet_int();
  s4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(m1 >= 0 && m2 >= 1 && m3 >= 1 && m4 >= 1);
  m2 = m1 + m2;
  m3 = m2 + m3;
  m4 = m3 + m4;
  v1 = m1;
  v2 = m2;
  v3 = m3;
  v4 = m4;
  if (s1 != 0) {
    v1 = -m1;
  }
  if (s2 != 0) {
    v2 = -m2;
  }
  if (s3 != 0) {
    v3 = -m3;
  }
  if (s4 != 0) {
    v4 = -m4;
  }
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  r = abs_sort(n1);
  // gi = 1 when node i is negative; ng = how many are.
  g1 = 0;
  g2 = 0;
  g3 = 0;
  g4 = 0;
  if (v1 < 0) {
    g1 = 1;
  }
  if (v2 < 0) {
    g2 = 1;
  }
  if (v3 < 0) {
    g3 = 1;
  }
  if (v4 < 0) {
    g4 = 1;
  }
  ng = g1 + g2 + g3 + g4;
  if (g1 == 1) {
    p1 = g2 + g3 + g4 + 1;
  } else {
    p1 = ng + 1;
  }
  if (g2 == 1) {
    p2 = g3 + g4 + 1;
  } else {
    p2 = ng + (1 - g1) + 1;
  }
  if (g3 == 1) {
    p3 = g4 + 1;
  } else {
    p3 = ng + (2 - g1 - g2) + 1;
  }
  if (g4 == 1) {
    p4 = 1;
  } else {
    p4 = ng + (3 - g1 - g2 - g3) + 1;
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
  r = abs_sort(NULL);
  assert(r == NULL); // empty
  return 0;
}
