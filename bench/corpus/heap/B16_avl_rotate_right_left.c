// B16 (Wolverine2 Table 2, small): AVL right-left rotation (right rotation of the right child, then left
// rotation of the node), with height maintenance.
// Under test: rotate_right_left, rotate_right, rotate_left. Spec (main): z(A, y(x(B, C), D)) where A, B, C, D
// are nodes with nondet heights 1..3 (B and C each may be absent, nondet); afterwards x(z(A, B), y(C, D))
// with every child link and the heights of z, y and x checked, subtree heights and keys untouched.
// NONDET: 1,1,1,2,3,1,2
// NONDET: 0,0,3,1,1,1,1
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct avl {
  struct avl *left;
  struct avl *right;
  int key;
  int height;
};

struct avl *rotate_right_left(struct avl *z);
struct avl *rotate_right(struct avl *y);
struct avl *rotate_left(struct avl *y);
int height(struct avl *n);
int max(int a, int b);
struct avl *node(int k, int h, struct avl *l, struct avl *r);

struct avl *rotate_right_left(struct avl *z) {
  struct avl *r = NULL;
  struct avl *l = NULL;
  l = rotate_right(z->right);
  z->right = l;
  r = rotate_left(z);
  return r;
}

struct avl *rotate_right(struct avl *y) {
  struct avl *x = NULL;
  struct avl *t2 = NULL;
  int hl = 0;
  int hr = 0;
  int m = 0;
  x = y->left;
  t2 = x->right;
  x->right = y;
  y->left = t2;
  hl = height(y->left);
  hr = height(y->right);
  m = max(hl, hr);
  y->height = m + 1;
  hl = height(x->left);
  hr = height(x->right);
  m = max(hl, hr);
  x->height = m + 1;
  return x;
}

struct avl *rotate_left(struct avl *y) {
  struct avl *x = NULL;
  struct avl *t2 = NULL;
  int hl = 0;
  int hr = 0;
  int m = 0;
  x = y->right;
  t2 = x->left;
  x->left = y;
  y->right = t2;
  hl = height(y->left);
  hr = height(y->right);
  m = max(hl, hr);
  y->height = m + 1;
  hl = height(x->left);
  hr = height(x->right);
  m = max(hl, hr);
  x->height = m + 1;
  return x;
}

int height(struct avl *n) {
  int h = 0;
  h = 0;
  if (n != NULL) {
    h = n->height;
  }
  return h;
}

int max(int a, int b) {
  int m = 0;
  m = a;
  if (b > a) {
    m = b;
  }
  return m;
}

struct avl *node(int k, int h, struct avl *l, struct avl *r) {
  struct avl *n = NULL;
  n = calloc(1, sizeof(struct avl));
  n->key = k;
  n->height = h;
  n->left = l;
  n->right = r;
  return n;
}

int main(void) {
  struct avl *a = NULL, *b = NULL, *c = NULL, *d = NULL, *x = NULL, *y = NULL, *z = NULL, *r = NULL;
  int hasB = 0, hasC = 0, ha = 0, hb = 0, hc = 0, hd = 0, hy = 0, hz = 0, hx = 0;
  hasB = __VERIFIER_nondet_int();
  hasC = __VERIFIER_nondet_int();
  ha = __VERIFIER_nondet_int();
  hb = __VERIFIER_nondet_int();
  hc = __VERIFIER_nondet_int();
  hd = __VERIFIER_nondet_int();
  __VERIFIER_assume(ha >= 1 && ha <= 3 && hb >= 1 && hb <= 3 && hc >= 1 && hc <= 3 && hd >= 1 && hd <= 3);
  a = node(1, ha, NULL, NULL);
  b = NULL;
  if (hasB != 0) {
    b = node(3, hb, NULL, NULL);
  } else {
    hb = 0;
  }
  c = NULL;
  if (hasC != 0) {
    c = node(5, hc, NULL, NULL);
  } else {
    hc = 0;
  }
  d = node(7, hd, NULL, NULL);
  x = node(4, 0, b, c);
  y = node(6, 0, x, d);
  z = node(2, 0, a, y);
  r = rotate_right_left(z);
  assert(r == x && x->left == z && x->right == y);                        // x on top
  assert(z->left == a && z->right == b && y->left == c && y->right == d); // z(A, B), y(C, D)
  hz = max(ha, hb);
  hz = hz + 1;
  hy = max(hc, hd);
  hy = hy + 1;
  hx = max(hz, hy);
  hx = hx + 1;
  assert(y->height == hy && z->height == hz && x->height == hx); // new heights
  assert(a->height == ha && d->height == hd && (b == NULL || b->height == hb) &&
         (c == NULL || c->height == hc)); // subtree heights untouched
  assert(a->left == NULL && a->right == NULL && d->left == NULL && d->right == NULL); // leaves untouched
  assert(x->key == 4 && y->key == 6 && z->key == 2 && a->key == 1 && d->key == 7);    // keys kept
  return 0;
}
