// The procedure under test called inside the assertion (`assert(sum(l) == 7)`) after a driver that only builds
// its input with a node builder (`push` allocates and writes only the node it allocated): sum is what the
// driver tests, not a check's helper, so it is blamed and repaired; push builds the input and is not blamed.
// RUN: locus localize %s
// EXIT: 1
// CHECK: ranking:
// CHECK: tested_in_check.c:31:5  s = s + 1;
// CHECK-NOT: tested_in_check.c:2{{[1-6]}}:
// RUN: locus repair %s --method template
// EXIT: 1
// CHECK: tested_in_check.c:{{(29|3[0-4])}}:
// CHECK: REPAIRED: 1 repair
#include <assert.h>
#include <stdlib.h>

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

int sum(struct node *l) {
  int s = 0;
  while (l != NULL) {
    s = s + 1;
    l = l->next;
  }
  return s;
}

int main(void) {
  struct node *l = push(push(NULL, 4), 3);
  assert(sum(l) == 7);
  return 0;
}
