// Indeterminate values (issue 17 item 6): a local without initializer holds any value, as malloc'd memory
// does; calloc'd memory and globals are 0. A nondet value is only drawn where the code after the
// declaration (or the malloc) may read the object before writing it: `int w; if (c) w = 1; else w = 2;`
// draws nothing, so `--nondet` inputs are not consumed by it.
// RUN: locus verify %s --entry local
// EXIT: 1
// CHECK: FAILED
// CHECK: nondet: 7
// RUN: locus verify %s --entry node
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %s --entry zeroed
// CHECK: SAFE
// RUN: locus verify %s --entry written
// CHECK: SAFE
// RUN: locus run %s --entry written --nondet 5
// CHECK: outcome: ok
// CHECK: result: 5
// RUN: locus ir %s
// CHECK: proc local(
// CHECK: x := nondet;
// CHECK: proc written(
// CHECK: c := nondet;
// CHECK-NOT: nondet
// CHECK: proc zeroed(
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int val;
  struct node *next;
};
int g;
int local(void) {
  int x;
  if (x == 7) // reads an indeterminate value
    reach_error();
  return 0;
}
int node(void) {
  struct node *n = malloc(sizeof(struct node));
  n->next = 0;
  if (n->val == 7) // never written
    reach_error();
  return 0;
}
int written(void) {
  int c = __VERIFIER_nondet_int(); // the only nondet value
  int w;
  if (c > 0)
    w = 1;
  else
    w = 2;
  struct node *n = malloc(sizeof(struct node));
  n->val = w;
  n->next = n;
  int a[2];
  a[0] = 3;
  a[1] = c;
  return n->val + a[0] + (n->next == n);
}
int zeroed(void) {
  struct node *n = calloc(1, sizeof(struct node));
  if (n->val != 0 || n->next != 0 || g != 0)
    reach_error();
  return 0;
}
#include <stdlib.h>
