// `repair --method proof` on a C field write whose base the lowering computes (`p->next->prev = p`:
// `t := p.next; t.prev := p`): the computed base stays among the write's bases and prints as the source
// has it. Before, the write could only move to a variable's field, and proof found a 3-change repair
// after 10 s (docs/repair.md, "proof").
// RUN: locus repair %s --method proof --insert-slots 0
// EXIT: 1
// CHECK: repair 1 (1 change,
// CHECK-NEXT: {{proof_temp_base.c:[0-9]+:5: p->next->prev = p → p->next->prev = n$}}
// CHECK: {{^-    p->next->prev = p;$}}
// CHECK: {{^\+    p->next->prev = n;$}}
// CHECK: REPAIRED: 1 repair
#include <assert.h>
#include <stdlib.h>

struct node {
  int val;
  struct node *next;
  struct node *prev;
};

struct node *mk(int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = NULL;
  n->prev = NULL;
  return n;
}

/* insert n after p in a doubly linked list */
void insert_after(struct node *p, struct node *n) {
  n->next = p->next;
  n->prev = p;
  if (p->next != NULL)
    p->next->prev = p;
  p->next = n;
}

int main(void) {
  struct node *a = mk(1);
  struct node *c = mk(3);
  a->next = c;
  c->prev = a;
  struct node *b = mk(2);
  insert_after(a, b);
  assert(a->next == b);
  assert(b->next == c);
  assert(c->prev == b);
  assert(b->prev == a);
  return 0;
}
