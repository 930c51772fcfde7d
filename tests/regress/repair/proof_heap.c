// `repair --method proof` on C: a doubly linked list reversal that steps to the wrong node
// (`cur = cur->next` after the links are swapped: it must step to the saved `t`, which `cur->prev` now
// holds too, and so does `last->prev`: `last` is `cur` there). The replacement — a field read into a
// temporary, or the whole value (`cur = t`; the change line shows the read, not its temporary) — is printed
// as C, with the C names, and re-verified from the patched source.
// RUN: locus repair %s --method proof --procs reverse
// EXIT: 1
// CHECK: {{cur->next → (cur|last)->prev|cur = cur->next → cur = t}}
// CHECK: -    cur = cur->next;
// CHECK-NEXT: {{^\+    cur = ((cur|last)->prev|t);$}}
// CHECK: REPAIRED: 1 repair
#include <stdlib.h>
#include <assert.h>

struct node {
  struct node *next;
  struct node *prev;
};

struct node *reverse(struct node *h) {
  struct node *cur = h, *t = NULL, *last = NULL;
  while (cur != NULL) {
    t = cur->next;
    cur->next = cur->prev;
    cur->prev = t;
    last = cur;
    cur = cur->next;
  }
  return last;
}

int main(void) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  a->prev = NULL;
  a->next = b;
  b->prev = a;
  b->next = NULL;
  struct node *r = reverse(a);
  assert(r == b);
  assert(b->next == a && b->prev == NULL);
  assert(a->next == NULL && a->prev == b);
  return 0;
}
