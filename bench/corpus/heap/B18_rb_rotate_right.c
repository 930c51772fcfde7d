// B18 (Wolverine2 Table 2, small): red-black tree right rotation (CLRS RIGHT-ROTATE, with parent links and
// a global root). Under test: rotate_right (x's left child y takes x's place under x's parent, or as the
// root; x becomes y's right child; y's old right subtree B becomes x's left subtree).
// Spec (main): x(y(C, B), A) hanging as the root, as the left child or as the right child of p (nondet),
// B present or absent (nondet); afterwards y(C, x(B, A)) in x's old place: every left, right and parent
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

void rotate_right(struct rb *x);
struct rb *node(int k, int red, struct rb *l, struct rb *r);

struct rb *root = NULL;

void rotate_right(struct rb *x) {
  struct rb *y = NULL;
  y = x->left;
  x->left = y->right;
  if (y->right != NULL) {
    y->right->parent = x;
  }
  y->parent = x->parent;
  if (x->parent == NULL) {
    root = y;
  } else if (x == x->parent->right) {
    x->parent->right = y;
  } else {
    x->parent->left = y;
  }
  y->right = x;
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
  a = node(5, 0, NULL, NULL);
  b = NULL;
  if (hasB != 0) {
    b = node(3, 0, NULL, NULL);
  }
  c = node(1, 0, NULL, NULL);
  y = node(2, 1, c, b);
  x = node(4, 0, y, a);
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
  rotate_right(x);
  if (where == 0) {
    assert(root == y && y->parent == NULL); // y is the root
  } else if (where == 1) {
    assert(root == p && p->left == y && p->right == q && y->parent == p && q->parent == p); // y left of p
  } else {
    assert(root == p && p->right == y && p->left == q && y->parent == p && q->parent == p); // y right of p
  }
  assert(y->left == c && y->right == x && x->parent == y && c->parent == y);          // y(C, x)
  assert(x->left == b && x->right == a && a->parent == x);                            // x(B, A)
  assert(b == NULL || (b->parent == x && b->right == NULL && b->left == NULL));       // B moved under x
  assert(a->right == NULL && a->left == NULL && c->right == NULL && c->left == NULL); // leaves untouched
  assert(x->key == 4 && y->key == 2 && !x->red && y->red);                            // keys and colours kept
  return 0;
}
