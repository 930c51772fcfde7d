// B04 (Wolverine2 Table 2, small): create a circular singly linked list.
// Under test: create (n fresh nodes holding 1..n in order, the last one pointing back to the first).
// Spec (main): n nondet in 0..4; the head holds 1, the i-th node holds i, the n-th node's next is the head,
// and the nodes are distinct (the cycle has exactly n nodes); n = 0 gives null.
// NONDET: 3
// NONDET: 1
// NONDET: 0
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

struct node *create(int n);

struct node *create(int n) {
  struct node *h = NULL;
  struct node *last = NULL;
  struct node *p = NULL;
  int i = 0;
  h = NULL;
  last = NULL;
  i = 1;
  while (i <= n) {
    p = calloc(1, sizeof(struct node));
    p->val = i;
    if (h == NULL) {
      h = p;
    } else {
      last->next = p;
    }
    last = p;
    i = i + 1;
  }
  if (last != NULL) {
    last->next = h;
  }
  return h;
}

int main(void) {
  struct node *h = NULL, *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  int n = 0;
  n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  h = create(n);
  if (n == 0) {
    assert(h == NULL); // empty
  } else {
    a = h;
    assert(a->val == 1); // first
    b = a->next;
    if (n == 1) {
      assert(b == a); // one node, a self loop
    } else {
      assert(b != a && b->val == 2); // second
      c = b->next;
      if (n == 2) {
        assert(c == a); // two nodes
      } else {
        assert(c != a && c != b && c->val == 3); // third
        d = c->next;
        if (n == 3) {
          assert(d == a); // three nodes
        } else {
          assert(d != a && d != b && d != c && d->val == 4 && d->next == a); // four nodes
        }
      }
    }
  }
  return 0;
}
