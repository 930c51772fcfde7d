// locus repair --method mutate of a heap fault in C: a list removal writes the link into the removed node
// instead of the node before it (`q->next = n;` for `p->next = n;`). A base replacement of the injector's
// level 0 repairs it; the patch writes the statement again with the other base. --no-replacements cannot
// repair it (exit 3).
// RUN: locus repair %s --entry main --procs remove_after --all
// EXIT: 1
// CHECK: failure: assert failed at {{.*}}heap_base.c:{{[0-9]+}}:3
// CHECK: repair 1 (1 change, {{.*}}re-verified from the patched source):
// CHECK-NEXT: {{.*}}heap_base.c:30:5: q → p
// CHECK: -    q->next = n;
// CHECK-NEXT: +    p->next = n;
// CHECK: REPAIRED: 1 repair (every minimal repair in the space)
// RUN: locus repair %s --entry main --procs remove_after --no-replacements
// EXIT: 3
// CHECK: NOT REPAIRED: no mutant with at most
#include <assert.h>
#include <stdlib.h>

struct node {
  struct node *next;
  int val;
};

// Unlinks the node after p, if there is one, and returns it.
struct node *remove_after(struct node *p) {
  struct node *q = p->next;
  struct node *n = NULL;
  if (q != NULL) {
    n = q->next;
    q->next = n;
  }
  return q;
}

int main(void) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  struct node *c = malloc(sizeof(struct node));
  a->next = b;
  b->next = c;
  c->next = NULL;
  struct node *r = remove_after(a);
  assert(r == b && a->next == c);
  r = remove_after(c);
  assert(r == NULL && c->next == NULL);
  return 0;
}
