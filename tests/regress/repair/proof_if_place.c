// `repair --method proof` inserts before an `if` (docs/repair.md, "proof"), in C: the `if` has no IR
// statement of its own, only its condition's temporaries; the patch writes the new statement before the
// `if`'s text. `mk` lost `n->val = v;` right after the allocation (proof_if_place.gcl in GCL).
// RUN: locus repair %s --method proof --procs mk --stats
// EXIT: 1
// CHECK: {{inserted before: n->val = v;?$}}
// CHECK: +  n->val = v;
// CHECK-NEXT:    if (h == NULL || v <= h->val) {
// CHECK: REPAIRED: 1 repair
// CHECK: stats: tau_ins 1
#include <stdlib.h>
#include <assert.h>

struct node {
  struct node *next;
  int val;
};

struct node *mk(struct node *h, int v) {
  struct node *n = malloc(sizeof(struct node));
  if (h == NULL || v <= h->val) {
    n->next = h;
    return n;
  }
  n->next = h->next;
  h->next = n;
  return h;
}

int main(void) {
  struct node *a = malloc(sizeof(struct node));
  a->val = 5;
  a->next = NULL;
  struct node *b = mk(a, 3);
  assert(b->val == 3);
  assert(b->next == a);
  b = mk(a, 7);
  assert(b == a);
  assert(a->next->val == 7);
  return 0;
}
