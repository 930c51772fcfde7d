// B15 (Wolverine2 Table 2, small): AVL left rotation with height maintenance.
// Under test: rotate_left (y with right child x becomes x with left child y; x's old left subtree T2
// moves to y's right; y's then x's heights are recomputed as 1 + the larger child height, a missing child
// counting 0). Spec (main): y(C, x(T2, A)) where A, T2 and C are nodes with nondet heights 1..3 and T2
// may be absent (nondet); afterwards x(y(C, T2), A) with every child link and both new heights checked,
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

struct avl *rotate_left(struct avl *y);
int height(struct avl *n);
int max(int a, int b);
struct avl *node(int k, int h, struct avl *l, struct avl *r);

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
  struct avl *a = NULL, *t2 = NULL, *c = NULL, *x = NULL, *y = NULL, *r = NULL;
  int hasT2 = 0, ha = 0, ht2 = 0, hc = 0, hy = 0, hx = 0;
  hasT2 = __VERIFIER_nondet_int();
  ha = __VERIFIER_nondet_int();
  ht2 = __VERIFIER_nondet_int();
  hc = __VERIFIER_nondet_int();
  __VERIFIER_assume(ha >= 1 && ha <= 3 && ht2 >= 1 && ht2 <= 3 && hc >= 1 && hc <= 3);
  a = node(5, ha, NULL, NULL);
  t2 = NULL;
  if (hasT2 != 0) {
    t2 = node(3, ht2, NULL, NULL);
  } else {
    ht2 = 0;
  }
  c = node(1, hc, NULL, NULL);
  x = node(4, 0, t2, a);
  y = node(2, 0, c, x);
  r = rotate_left(y);
  assert(r == x && x->right == a && x->left == y && y->right == t2 && y->left == c); // x(y(C, T2), A)
  hy = max(hc, ht2);
  hy = hy + 1;
  hx = max(hy, ha);
  hx = hx + 1;
  assert(y->height == hy && x->height == hx);                                      // new heights of y and x
  assert(a->height == ha && c->height == hc && (t2 == NULL || t2->height == ht2)); // subtrees untouched
  assert(a->left == NULL && a->right == NULL && c->left == NULL && c->right == NULL); // leaves untouched
  assert(x->key == 4 && y->key == 2 && a->key == 5 && c->key == 1);                   // keys kept
  return 0;
}
