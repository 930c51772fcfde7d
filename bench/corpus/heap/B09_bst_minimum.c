// B09 (Wolverine2 Table 2, small): minimum of a binary search tree.
// Under test: bst_min (follows left links from the root; returns the key of the leftmost node).
// Spec (main): the BST d(b(a?, c), e) with nondet ordered keys where the leftmost node a is present or
// absent (nondet); the result is the smallest key (a's, else b's) and the tree is unchanged.
// NONDET: 1,0,1,1,1,1
// NONDET: 0,3,1,1,1,1
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct tree {
  struct tree *left;
  struct tree *right;
  int key;
};

int bst_min(struct tree *root);
struct tree *leaf(int k);

int bst_min(struct tree *root) {
  int k = 0;
  struct tree *p = NULL;
  p = root;
  while (p->left != NULL) {
    p = p->left;
  }
  k = p->key;
  return k;
}

struct tree *leaf(int k) {
  struct tree *n = NULL;
  n = calloc(1, sizeof(struct tree));
  n->key = k;
  return n;
}

int main(void) {
  struct tree *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL;
  int hasA = 0, ka = 0, da = 0, db = 0, dc = 0, dd = 0, k = 0;
  hasA = __VERIFIER_nondet_int();
  ka = __VERIFIER_nondet_int();
  da = __VERIFIER_nondet_int();
  db = __VERIFIER_nondet_int();
  dc = __VERIFIER_nondet_int();
  dd = __VERIFIER_nondet_int();
  __VERIFIER_assume(da > 0 && db > 0 && dc > 0 && dd > 0);
  a = NULL;
  if (hasA != 0) {
    a = leaf(ka);
  }
  b = leaf(ka + da);
  c = leaf(ka + da + db);
  d = leaf(ka + da + db + dc);
  e = leaf(ka + da + db + dc + dd);
  b->left = a;
  b->right = c;
  d->left = b;
  d->right = e;
  k = bst_min(d);
  if (hasA != 0) {
    assert(k == ka); // the leftmost leaf
  } else {
    assert(k == ka + da); // the left child of the root
  }
  assert(d->left == b && d->right == e && b->left == a && b->right == c); // tree unchanged
  k = bst_min(e);
  assert(k == ka + da + db + dc + dd); // a single node is its own minimum
  return 0;
}
