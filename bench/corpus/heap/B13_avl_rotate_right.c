// B13 (Wolverine2 Table 2, small): AVL right rotation with height maintenance.
// Under test: rotate_right (y with left child x becomes x with right child y; x's old right subtree T2
// moves to y's left; y's then x's heights are recomputed as 1 + the larger child height, a missing child
// counting 0). Spec (main): y(x(A, T2), C) where A, T2 and C are nodes with nondet heights 1..3 and T2
// may be absent (nondet); afterwards x(A, y(T2, C)) with every child link and both new heights checked,
// subtree heights and keys untouched.
// NONDET: 1,1,2,3
// NONDET: 0,3,1,1
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

struct avl *rotate_right(struct avl *y);
int height(struct avl *n);
int max(int a, int b);
struct avl *node(int k, int h, struct avl *l, struct avl *r);

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
  struct avl *a = NULL, *t2 = NULL, *c = NULL, *x = NULL, *y = NULL, *r = NULL;
  int hasT2 = 0, ha = 0, ht2 = 0, hc = 0, hy = 0, hx = 0;
  hasT2 = __VERIFIER_nondet_int();
  ha = __VERIFIER_nondet_int();
  ht2 = __VERIFIER_nondet_int();
  hc = __VERIFIER_nondet_int();
  __VERIFIER_assume(ha >= 1 && ha <= 3 && ht2 >= 1 && ht2 <= 3 && hc >= 1 && hc <= 3);
  a = node(1, ha, NULL, NULL);
  t2 = NULL;
  if (hasT2 != 0) {
    t2 = node(3, ht2, NULL, NULL);
  } else {
    ht2 = 0;
  }
  c = node(5, hc, NULL, NULL);
  x = node(2, 0, a, t2);
  y = node(4, 0, x, c);
  r = rotate_right(y);
  assert(r == x && x->left == a && x->right == y && y->left == t2 && y->right == c); // x(A, y(T2, C))
  hy = max(ht2, hc);
  hy = hy + 1;
  hx = max(ha, hy);
  hx = hx + 1;
  assert(y->height == hy && x->height == hx);                                      // new heights of y and x
  assert(a->height == ha && c->height == hc && (t2 == NULL || t2->height == ht2)); // subtrees untouched
  assert(a->left == NULL && a->right == NULL && c->left == NULL && c->right == NULL); // leaves untouched
  assert(x->key == 2 && y->key == 4 && a->key == 1 && c->key == 5);                   // keys kept
  return 0;
}
