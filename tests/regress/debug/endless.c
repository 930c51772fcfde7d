// A loop the fault keeps going (`l = l` for `l = l->next`): the session's run never ends, so repair takes
// its bound from the spec's arrival, not from the run's iterations up to the step limit (an unwind no
// solver answers). The procedure under test is called inside the assertion after main built the list with
// push: sum is what is tested and push, which only builds new nodes, is never blamed.
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
    s = s + l->val;
    l = l;
  }
  return s;
}

int main(void) {
  struct node *l = push(push(NULL, 4), 3);
  assert(sum(l) == 7);
  return 0;
}
// RUN: locus debug %s --script %S/Inputs/endless.dbg
// CHECK: (locus) localize
// CHECK-NEXT: The program misses assertion failed: checkpoint 0: l == n1 (line 22)
// CHECK-NEXT: Run up to the spec (repair changes these lines first): 21 22 23 24
// CHECK-NEXT: Suspicious (gradient on the run from the start to that miss, {{[0-9]+}} of 4 lines), most suspicious first (rank, line):
// CHECK-NEXT: 1  24: l = l;
// CHECK: Ranked by the formula methods
// CHECK-NEXT: line  maxsat  must  ofc  mbd
// CHECK-NEXT: 24       1     1    1    1   l = l;
// CHECK: (locus) repair
// CHECK-NEXT: Repair synthesized in {{.*}}
// CHECK: (locus) rewrite
// CHECK: +    l = l->next;
