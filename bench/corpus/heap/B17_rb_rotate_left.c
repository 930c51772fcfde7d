// B17 (Wolverine2 Table 2, small): red-black tree left rotation (CLRS LEFT-ROTATE, with parent links and
// a global root). Under test: rotate_left (x's right child y takes x's place under x's parent, or as the
// root; x becomes y's left child; y's old left subtree B becomes x's right subtree).
// Spec (main): x(A, y(B, C)) hanging as the root, as the left child or as the right child of p (nondet),
// B present or absent (nondet); afterwards y(x(A, B), C) in x's old place: every left, right and parent
// link of every node, the root, and the colours and keys are checked.
// NONDET: 0,1
// NONDET: 1,1
// NONDET: 2,0
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct rb {
  struct rb *left;
  struct rb *right;
  struct rb *parent;
  int key;
  int red;
};

void rotate_left(struct rb *x);
struct rb *node(int k, int red, struct rb *l, struct rb *r);

struct rb *root = NULL;

void rotate_left(struct rb *x) {
  struct rb *y = NULL;
  y = x->right;
  x->right = y->left;
  if (y->left != NULL) {
    y->left->parent = x;
  }
  y->parent = x->parent;
  if (x->parent == NULL) {
    root = y;
  } else if (x == x->parent->left) {
    x->parent->left = y;
  } else {
    x->parent->right = y;
  }
  y->left = x;
  x->parent = y;
}

struct rb *node(int k, int red, struct rb *l, struct rb *r) {
  struct rb *n = NULL;
  n = calloc(1, sizeof(struct rb));
  n->key = k;
  n->red = red;
  n->left = l;
  n->right = r;
  if (l != NULL) {
    l->parent = n;
  }
  if (r != NULL) {
    r->parent = n;
  }
  return n;
}

int main(void) {
  struct rb *p = NULL, *x = NULL, *y = NULL, *a = NULL, *b = NULL, *c = NULL, *q = NULL;
  int where = 0, hasB = 0;
  where = __VERIFIER_nondet_int();
  hasB = __VERIFIER_nondet_int();
  __VERIFIER_assume(where >= 0 && where <= 2);
  a = node(1, 0, NULL, NULL);
  b = NULL;
  if (hasB != 0) {
    b = node(3, 0, NULL, NULL);
  }
  c = node(5, 0, NULL, NULL);
  y = node(4, 1, b, c);
  x = node(2, 0, a, y);
  p = NULL;
  q = NULL;
  if (where == 0) {
    root = x;
  } else if (where == 1) {
    q = node(9, 0, NULL, NULL);
    p = node(6, 0, x, q);
    root = p;
  } else {
    q = node(0, 0, NULL, NULL);
    p = node(-1, 0, q, x);
    root = p;
  }
  rotate_left(x);
  if (where == 0) {
    assert(root == y && y->parent == NULL); // y is the root
  } else if (where == 1) {
    assert(root == p && p->left == y && p->right == q && y->parent == p && q->parent == p); // y left of p
  } else {
    assert(root == p && p->right == y && p->left == q && y->parent == p && q->parent == p); // y right of p
  }
  assert(y->left == x && y->right == c && x->parent == y && c->parent == y);          // y(x, C)
  assert(x->left == a && x->right == b && a->parent == x);                            // x(A, B)
  assert(b == NULL || (b->parent == x && b->left == NULL && b->right == NULL));       // B moved under x
  assert(a->left == NULL && a->right == NULL && c->left == NULL && c->right == NULL); // leaves untouched
  assert(x->key == 2 && y->key == 4 && !x->red && y->red);                            // keys and colours kept
  return 0;
}
