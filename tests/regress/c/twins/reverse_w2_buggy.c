// C twin of ../../papers/reverse_w2_buggy.gcl (Wolverine2, doubly linked list reverse): `locus verify`
// gives the same verdict on both, with Z3 and with cvc5; `locus test` runs the same tests.
// RUN: locus verify %s --solver z3
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --solver cvc5
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %S/../../papers/reverse_w2_buggy.gcl --entry main --solver z3
// EXIT: 1
// CHECK: FAILED
// RUN: locus test %s
// EXIT: 1
// CHECK: FAIL test_reverse_four
#include <assert.h>
#include <stdlib.h>

typedef struct DNode {
  struct DNode *next;
  struct DNode *prev;
  int val;
} DNode;

DNode *head;

DNode *dl_push(DNode *h, int v) {
  DNode *r = malloc(sizeof(DNode)); // malloc'd memory is indeterminate: every field is set
  r->val = v;
  r->prev = NULL;
  r->next = h;
  if (h != NULL)
    h->prev = r;
  return r;
}

_Bool dl_wellformed(DNode *h) {
  if (h == NULL)
    return 1;
  if (h->prev != NULL)
    return 0;
  for (DNode *p = h; p->next != NULL; p = p->next)
    if (p->next->prev != p)
      return 0;
  return 1;
}

void reverse(void) {
  DNode *current;
  DNode *temp1 = NULL;
  DNode *temp2 = NULL;
  current = head;
  while (temp1 != NULL) {
    temp1 = current->prev;
    temp2 = current->prev;
    current->prev = temp2;
    current->next = temp1;
    current = current->prev;
  }

}

int main(void) {
  head = NULL;
  head = dl_push(head, 2);
  head = dl_push(head, 4);
  head = dl_push(head, 8);
  head = dl_push(head, 10);
  reverse();
  assert(head->val == 2 && head->next->val == 4 && head->next->next->val == 8 && "reversed order");
  assert(head->next->next->next->val == 10 && head->next->next->next->next == NULL);
  assert(dl_wellformed(head) && "next/prev mirrored");
  return 0;
}

void test_reverse_empty(void) {
  head = NULL;
  reverse();
  assert(head == NULL);
}

void test_reverse_single(void) {
  head = NULL;
  head = dl_push(head, 1);
  reverse();
  assert(head != NULL && head->val == 1 && head->next == NULL);
  assert(dl_wellformed(head));
}

void test_reverse_four(void) {
  main();
}
