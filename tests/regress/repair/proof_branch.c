// `repair --method proof` inserting into an empty branch, in C (docs/repair.md, "proof"). In `attach` the
// then-branch of `if (p != NULL) { }` lost `p->next = q;`: the repair writes it into the empty braces. In
// `attach2` the else of `if (p == NULL) r = q;` (a then-branch without braces, no else) lost it: the repair
// writes an `else { … }` block after the then-branch, on a line of its own. In `classify` the `else if`
// lost its else (`c2 = c2 + 1;`): the place's guard is `g and not c` (g: the outer else's); the repair
// writes `c2 = c2 + 1` or `c2 = c0 + 1`, equal in that branch, where c0 is 0 (which one is z3's choice). All
// re-verified from the patched source.
// RUN: locus repair %s --method proof --procs attach
// EXIT: 1
// CHECK: inserted into the then-branch: p->next = q
// CHECK: if (p != NULL) {
// CHECK-NEXT: +    p->next = q;
// CHECK-NEXT: } else {
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --method proof --procs attach2 --entry main2
// EXIT: 1
// CHECK: inserted into the else-branch: p->next = q
// CHECK: r = q;
// CHECK-NEXT: +  else {
// CHECK-NEXT: +    p->next = q;
// CHECK-NEXT: +  }
// CHECK-NEXT: return r;
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --method proof --procs classify --entry check3
// EXIT: 1
// CHECK: {{inserted into the else-branch: c2 = c[02] \+ 1$}}
// CHECK: } else if (v == 1) {
// CHECK-NEXT: c1 = c1 + 1;
// CHECK-NEXT: +  } else {
// CHECK-NEXT: {{^\+    c2 = c[02] \+ 1;$}}
// CHECK-NEXT: {{^   }$}}
// CHECK: REPAIRED: 1 repair
#include <stdlib.h>
#include <assert.h>

struct node {
  struct node *next;
  int val;
};

struct node *attach(struct node *h, struct node *p, struct node *q) {
  struct node *r = h;
  if (p != NULL) {
  } else {
    r = q;
  }
  return r;
}

struct node *attach2(struct node *h, struct node *p, struct node *q) {
  struct node *r = h;
  if (p == NULL)
    r = q;
  return r;
}

int check(int k, int which) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  struct node *c = malloc(sizeof(struct node));
  struct node *r;
  a->next = NULL;
  b->next = NULL;
  c->next = NULL;
  if (k > 0) {
    r = which ? attach2(a, b, c) : attach(a, b, c);
    assert(r == a);
    assert(b->next == c);
  } else {
    r = which ? attach2(a, NULL, c) : attach(a, NULL, c);
    assert(r == c);
    assert(b->next == NULL);
  }
  return 0;
}

int main(int k) { return check(k, 0); }
int main2(int k) { return check(k, 1); }

int c0, c1, c2;

void classify(int v) {
  if (v == 0) {
    c0 = c0 + 1;
  } else if (v == 1) {
    c1 = c1 + 1;
  }
}

int check3(int v) {
  c0 = 0;
  c1 = 0;
  c2 = 0;
  classify(v);
  assert(c0 == (v == 0));
  assert(c1 == (v == 1));
  assert(c2 == (v != 0 && v != 1));
  return 0;
}
