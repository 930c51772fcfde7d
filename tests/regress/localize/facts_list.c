#include <stdlib.h>
#include <assert.h>

struct node {
  int val;
  struct node *next;
};

struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = head;
  return n;
}

/* removes the first node holding v */
struct node *remove_val(struct node *head, int v) {
  if (head == NULL)
    return NULL;
  if (head->val == v)
    return head->next;
  struct node *prev = head;
  struct node *cur = head->next;
  while (cur != NULL) {
    if (cur->val == v) {
      prev->next = cur;
      return head;
    }
    prev = cur;
    cur = cur->next;
  }
  return head;
}

int length(struct node *head) {
  int k = 0;
  while (head != NULL) {
    k++;
    head = head->next;
  }
  return k;
}

int main(void) {
  struct node *head = NULL;
  head = push(head, 3);
  head = push(head, 2);
  head = push(head, 1);
  head = remove_val(head, 2);
  assert(length(head) == 2);
  return 0;
}

// Inputs and checks are facts for every method (docs/localize.md, "What may be blamed"): main builds the
// list with push (a procedure only the driver calls, before the call under test) and asserts; neither
// main's lines, nor push's, nor the assert and its helper `length` are ranked by any method. The fault
// (line 26, `prev->next = cur` for `cur->next`) is at rank 1 of the formula methods.
// RUN: locus localize %s --method all
// EXIT: 1
// CHECK: side by side (rank of each line):
// CHECK-NOT: facts_list.c:1{{[0-3]}}:
// CHECK-NOT: facts_list.c:3{{[5-9]}}:
// CHECK-NOT: facts_list.c:4{{[0-9]}}:
// CHECK-NOT: facts_list.c:5{{[0-9]}}:
// CHECK: facts_list.c:26:7   1       1       1       1
// CHECK-NOT: facts_list.c:{{[45][0-9]}}:
// The consensus of the methods (reciprocal rank fusion): the fault, which four methods rank first and pwp
// fourth (its evidences that the path must change, docs/localize.md), is second, behind the line five rank
// first.
// CHECK: consensus (reciprocal rank fusion
// CHECK-NEXT: ranking:
// CHECK-NEXT: 1  {{.*}}facts_list.c:27:7  return head;    -- consensus 5.500 (maxsat 1, must 1, ofc 1, mbd 1, pwp 2, gradient 1)
// CHECK-NEXT: 2  {{.*}}facts_list.c:26:7  prev->next = cur;    -- consensus 4.250 (maxsat 1, must 1, ofc 1, mbd 1, pwp 4)
// CHECK-NOT: facts_list.c:{{(1[0-3]|[45][0-9])}}:
// With --procs naming push, push is code under test and may be blamed.
// RUN: locus localize %s --procs push,remove_val
// EXIT: 1
// CHECK: ranking:
// CHECK: facts_list.c:1{{[1-3]}}:
