// `repair --method proof` on C inserting statements that read or write through a field read (the default
// `--insert-reads mixed`; docs/repair.md, "proof", "Two reads"), each printed as one C statement:
// `p->next->prev = n;` (insert_after misses it), `fast = fast->next->next;` (middle misses it: the loop
// never ends), `p->next = p->next->next;` (drop_after misses it). One insertion of W2's one-read grammar
// cannot reach the node two links away (`--insert-reads one` finds no repair of insert_after). Every
// repair is re-verified from the patched source.
// RUN: locus repair %s --method proof --procs insert_after
// EXIT: 1
// CHECK: {{inserted (before|after): (p|n)->next->prev = n$}}
// CHECK: {{^\+  (p|n)->next->prev = n;$}}
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --method proof --procs insert_after --insert-reads one
// EXIT: 3
// CHECK: NOT REPAIRED
// RUN: locus repair %s --method proof --procs middle --entry main2
// EXIT: 1
// CHECK: {{inserted (before|after): fast = fast->next->next$}}
// CHECK: {{^\+    fast = fast->next->next;$}}
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --method proof --procs drop_after --entry main3
// EXIT: 1
// CHECK: {{inserted (before|after): (p|r)->next = (p|r)->next->next$}}
// CHECK: REPAIRED: 1 repair
#include <assert.h>
#include <stdlib.h>

struct node {
  struct node *next;
  struct node *prev;
  int val;
};

/* Inserts n after p, which has a successor. */
void insert_after(struct node *p, struct node *n) {
  n->next = p->next;
  n->prev = p;
  p->next = n;
}

int main(void) {
  struct node *a = malloc(sizeof *a);
  struct node *b = malloc(sizeof *b);
  struct node *c = malloc(sizeof *c);
  a->next = b;
  a->prev = NULL;
  b->prev = a;
  b->next = NULL;
  insert_after(a, c);
  assert(a->next == c && c->prev == a);
  assert(c->next == b && b->prev == c);
  return 0;
}

struct node *push(struct node *h, int v) {
  struct node *n = malloc(sizeof *n);
  n->val = v;
  n->next = h;
  n->prev = NULL;
  return n;
}

/* The middle node of a non-empty list (the second of two middles). */
struct node *middle(struct node *h) {
  struct node *slow = h;
  struct node *fast = h;
  while (fast != NULL && fast->next != NULL) {
    slow = slow->next;
  }
  return slow;
}

int main2(void) {
  struct node *h = push(push(push(push(push(NULL, 5), 4), 3), 2), 1);
  assert(middle(h)->val == 3);
  return 0;
}

/* Unlinks the successor of p, which has two. */
struct node *drop_after(struct node *p) {
  struct node *r = p;
  return r;
}

int main3(void) {
  struct node *h = push(push(push(NULL, 3), 2), 1);
  assert(drop_after(h) == h && h->next->val == 3 && h->next->next == NULL);
  return 0;
}
