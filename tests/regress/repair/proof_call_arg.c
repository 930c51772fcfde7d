// `repair --method proof` replaces a call's argument in C (docs/repair.md, "proof"; the GCL twin:
// proof_call_arg.gcl): `fix` computes `max(hl, hl)` for `max(hl, hr)`; before, with no insertion allowed,
// proof found nothing.
// RUN: locus repair %s --method proof --procs fix --insert-slots 0
// EXIT: 1
// CHECK: {{m = max\(hl, hl\) → m = max\((hl, hr|hr, hl)\)$}}
// CHECK: {{^-  m = max\(hl, hl\);$}}
// CHECK: {{^\+  m = max\((hl, hr|hr, hl)\);$}}
// CHECK: REPAIRED: 1 repair
#include <assert.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *left;
  struct node *right;
  int height;
};

int height(struct node *n);
int max(int a, int b);

void fix(struct node *x) {
  int hl = 0;
  int hr = 0;
  int m = 0;
  hl = height(x->left);
  hr = height(x->right);
  m = max(hl, hl);
  x->height = m + 1;
}

int height(struct node *n) {
  int h = 0;
  if (n != NULL) {
    h = n->height;
  }
  return h;
}

int max(int a, int b) {
  int m = a;
  if (b > a) {
    m = b;
  }
  return m;
}

int main(void) {
  int ha = __VERIFIER_nondet_int();
  int hb = __VERIFIER_nondet_int();
  int hasB = __VERIFIER_nondet_int();
  __VERIFIER_assume(ha >= 1 && ha <= 3 && hb >= 1 && hb <= 3);
  struct node *a = malloc(sizeof *a);
  a->left = NULL;
  a->right = NULL;
  a->height = ha;
  struct node *b = NULL;
  if (hasB != 0) {
    b = malloc(sizeof *b);
    b->left = NULL;
    b->right = NULL;
    b->height = hb;
  } else {
    hb = 0;
  }
  struct node *x = malloc(sizeof *x);
  x->left = a;
  x->right = b;
  x->height = 0;
  fix(x);
  int hx = max(ha, hb);
  assert(x->height == hx + 1);
  return 0;
}
