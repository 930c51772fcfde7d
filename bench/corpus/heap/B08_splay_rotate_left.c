// B08 (Wolverine2 Table 2, small): splay-tree left rotation (zag) on a tree without parent links.
// Under test: rotate_left (x with right child y becomes y with left child x; y's old left subtree moves
// to x's right). Spec (main): x(A, y(B, C)) with nondet ordered keys, B present or absent (nondet);
// afterwards y(x(A, B), C): every child link of every node is checked, and the keys are untouched.
// NONDET: 1,1,2,3,4,5
// NONDET: 0,1,2,3,4,5
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

struct tree *rotate_left(struct tree *x);
struct tree *leaf(int k);

struct tree *rotate_left(struct tree *x) {
  struct tree *y = NULL;
  y = x->right;
  x->right = y->left;
  y->left = x;
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
  __VERIFIER_assume(ka < kx && kx < kb && kb < ky && ky < kc);
  a = leaf(ka);
  c = leaf(kc);
  b = NULL;
  if (hasB != 0) {
    b = leaf(kb);
  }
  y = leaf(ky);
  y->left = b;
  y->right = c;
  x = leaf(kx);
  x->left = a;
  x->right = y;
  r = rotate_left(x);
  assert(r == y && y->left == x && y->right == c);                                    // y is the new root
  assert(x->left == a && x->right == b);                                              // x keeps A and takes B
  assert(a->left == NULL && a->right == NULL && c->left == NULL && c->right == NULL); // leaves untouched
  assert(b == NULL || (b->left == NULL && b->right == NULL));                         // B untouched
  assert(x->key == kx && y->key == ky && a->key == ka && c->key == kc);               // keys kept
  return 0;
}
