// B20 (Wolverine2 Table 2, small): splay-tree right rotation (zig) on a tree without parent links.
// Under test: rotate_right (x with left child y becomes y with right child x; y's old right subtree moves
// to x's left). Spec (main): x(y(C, B), A) with nondet ordered keys, B present or absent (nondet);
// afterwards y(C, x(B, A)): every child link of every node is checked, and the keys are untouched.
// NONDET: 1,5,4,3,2,1
// NONDET: 0,5,4,3,2,1
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

struct tree *rotate_right(struct tree *x);
struct tree *leaf(int k);

struct tree *rotate_right(struct tree *x) {
  struct tree *y = NULL;
  y = x->left;
  x->left = y->right;
  y->right = x;
  return y;
}

struct tree *leaf(int k) {
  struct tree *n = NULL;
  n = calloc(1, sizeof(struct tree));
  n->key = k;
  return n;
}

int main(void) {
  struct tree *x = NULL, *y = NULL, *a = NULL, *b = NULL, *c = NULL, *r = NULL;
  int hasB = 0, ka = 0, kx = 0, kb = 0, ky = 0, kc = 0;
  hasB = __VERIFIER_nondet_int();
  ka = __VERIFIER_nondet_int();
  kx = __VERIFIER_nondet_int();
  kb = __VERIFIER_nondet_int();
  ky = __VERIFIER_nondet_int();
  kc = __VERIFIER_nondet_int();
  __VERIFIER_assume(kc < ky && ky < kb && kb < kx && kx < ka);
  a = leaf(ka);
  c = leaf(kc);
  b = NULL;
  if (hasB != 0) {
    b = leaf(kb);
  }
  y = leaf(ky);
  y->right = b;
  y->left = c;
  x = leaf(kx);
  x->right = a;
  x->left = y;
  r = rotate_right(x);
  assert(r == y && y->right == x && y->left == c);                                    // y is the new root
  assert(x->right == a && x->left == b);                                              // x keeps A and takes B
  assert(a->left == NULL && a->right == NULL && c->left == NULL && c->right == NULL); // leaves untouched
  assert(b == NULL || (b->left == NULL && b->right == NULL));                         // B untouched
  assert(x->key == kx && y->key == ky && a->key == ka && c->key == kc);               // keys kept
  return 0;
}
