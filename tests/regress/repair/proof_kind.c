// `repair --method proof` replaces an assignment by a field read for the same target in C (docs/repair.md,
// "proof", the wide grammar of the last attempt; the GCL twin: proof_kind.gcl): `sum`'s loop never advances
// (`l = l;` for `l = l->next;`); without insertion slots the narrow grammar has no repair.
// RUN: locus repair %s --method proof --procs sum --insert-slots 0
// EXIT: 1
// CHECK: {{l = l → l = l->next$}}
// CHECK: {{^-    l = l;$}}
// CHECK: {{^\+    l = l->next;$}}
// CHECK: REPAIRED: 1 repair
#include <assert.h>
#include <stdlib.h>

struct node {
  int val;
  struct node *next;
};

struct node *push(struct node *l, int v) {
  struct node *n = malloc(sizeof *n);
  n->val = v;
  n->next = l;
  return n;
}

int sum(struct node *l) {
  int s = 0;
  while (l != NULL) {
    s = s + l->val;
    l = l;
  }
  return s;
}

int main(void) {
  struct node *l = NULL;
  l = push(l, 3);
  l = push(l, 4);
  assert(sum(l) == 7);
  return 0;
}
