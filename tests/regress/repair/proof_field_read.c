// `repair --method proof` on C with W2's hidden temporaries (docs/repair.md, "proof"): `x->f = y->g;` is
// two IR statements and one statement of the grammar, printed as one C statement. In `link` the statement
// `a->prev = b->prev;` is missing: the repair inserts it (every field starts non-null and is checked, so no
// other change of `link` helps). In `copy` the write takes the wrong value
// (`a->prev = c;` for `a->prev = b->prev;`): the repair replaces its value by a field read.
// RUN: locus repair %s --method proof --procs link --stats
// EXIT: 1
// CHECK: {{inserted (before|after): a->prev = b->prev$}}
// CHECK: {{^\+  a->prev = b->prev;$}}
// CHECK: REPAIRED: 1 repair
// CHECK: stats: tau_ins 1
// RUN: locus repair %s --method proof --procs copy --entry main2
// EXIT: 1
// CHECK: a->prev = c → a->prev = b->prev
// CHECK: -  a->prev = c;
// CHECK-NEXT: +  a->prev = b->prev;
// CHECK: REPAIRED: 1 repair
#include <stdlib.h>
#include <assert.h>

struct node {
  struct node *next;
  struct node *prev;
};

void link(struct node *a, struct node *b) {
  a->next = b;
  b->next = NULL;
}

int main(void) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  struct node *c = malloc(sizeof(struct node));
  a->next = a;
  a->prev = a;
  b->next = c;
  b->prev = c;
  c->next = c;
  c->prev = c;
  link(a, b);
  assert(a->next == b);
  assert(a->prev == c);
  assert(b->next == NULL);
  assert(b->prev == c);
  return 0;
}

void copy(struct node *a, struct node *b, struct node *c) {
  a->next = b;
  a->prev = c;
}

int main2(void) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  struct node *c = malloc(sizeof(struct node));
  struct node *d = malloc(sizeof(struct node));
  b->prev = d;
  copy(a, b, c);
  assert(a->next == b);
  assert(a->prev == d);
  return 0;
}
