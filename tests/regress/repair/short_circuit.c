// locus repair of a short-circuit condition: `||` should be `&&`. Its right operand reads a field, so the
// source edit also changes whether that read runs: such a mutant is checked from its patched source
// (compiled again), not on the IR (docs/repair.md). Found first, with one change; the JSON counts it.
// RUN: locus repair %s --entry main --stats
// EXIT: 1
// CHECK: failure: null-deref failed at {{.*}}short_circuit.c:25:23
// CHECK: repair 1 (1 change, {{.*}}re-verified from the patched source):
// CHECK-NEXT: {{.*}}short_circuit.c:25:10: || → &&
// CHECK: -  while (p != NULL || p->val < v) {
// CHECK-NEXT: +  while (p != NULL && p->val < v) {
// CHECK: stats: options_via_source 1
// CHECK: stats: validated_via_source {{[1-9]}}
#include <assert.h>
#include <stdlib.h>

struct node {
  int val;
  struct node *next;
};

// The length of the prefix of a list whose values are below v.
int count_below(struct node *h, int v) {
  int n = 0;
  struct node *p = h;
  while (p != NULL || p->val < v) {
    n = n + 1;
    p = p->next;
  }
  return n;
}

int main(void) {
  struct node *c = malloc(sizeof(struct node));
  c->val = 3;
  c->next = NULL;
  struct node *b = malloc(sizeof(struct node));
  b->val = 2;
  b->next = c;
  int v = __VERIFIER_nondet_int();
  int n = count_below(b, v);
  assert(n <= 2);
  return 0;
}
