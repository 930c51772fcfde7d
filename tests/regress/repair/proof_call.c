// `repair --method proof` inserts a call in C (docs/repair.md, "proof"; the GCL twin: proof_call.gcl): an
// insertion slot may call a function the code under repair calls, its arguments and result variable from
// the grammar (an argument may be a field read, `height(x->right)`). `fix` lost `hr = height(x->right);`.
// RUN: locus repair %s --method proof --procs fix --stats
// EXIT: 1
// CHECK: {{inserted (before|after): hr = height\(x->right\)$}}
// CHECK: {{^\+  hr = height\(x->right\);$}}
// CHECK: REPAIRED: 1 repair
// CHECK: stats: tau_ins 1
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
  m = max(hl, hr);
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
