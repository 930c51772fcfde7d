// C front end: struct values scalarized into one variable per field (p_x, p_y, …): field reads and
// writes, compound assignment and ++, list, designated and copy initializers, struct assignment between
// variables and through pointers both ways (null-checked), a global and a const global struct, structs
// declared in a loop (initialized at every iteration), verification of struct code.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 136
// CHECK: origin_x = 0
// CHECK-NEXT: origin_y = 5
// CHECK: n1: node { val = 12, next = null }
// RUN: locus run %s --entry loop --args 4
// CHECK: result: 604
// RUN: locus run %s --entry heap_copy
// CHECK: result: 9
// CHECK: n1: node { val = 4, next = n2 }
// CHECK: n2: node { val = 4, next = n2 }
// RUN: locus run %s --entry self_link
// CHECK: result: 12
// RUN: locus run %s --entry write_null
// EXIT: 1
// CHECK: failure (null-deref)
// CHECK: structs.c:149:3
// RUN: locus run %s --entry read_null
// EXIT: 1
// CHECK: failure (null-deref)
// CHECK: structs.c:155:19
// RUN: locus test %s
// CHECK: PASS test_global_initialized
// RUN: locus ir %s
// CHECK: var origin_x: int32 @"
// CHECK-NEXT: var origin_y: int32 @"
// CHECK-NOT: var unit
// CHECK: proc loop(
// CHECK: var p_x: int32 @94:18;
// CHECK-NEXT: var p_y: int32 @94:18;
// CHECK: while (b0) {
// CHECK-NEXT: @94:18 p_x := 0i32;
// CHECK-NEXT: @94:18 p_y := 0i32;
// CHECK-NEXT: @95:18 step_x := i;
// CHECK-NEXT: @95:18 step_y := 1i32;
// CHECK: proc main(
// CHECK: var p_x: int32 @105:16;
// CHECK-NEXT: var p_y: int32 @105:16;
// CHECK-NEXT: var p_x_1: int32 @106:7;
// CHECK: @117:22 copy_val := e_link.val;
// CHECK-NEXT: @117:22 copy_next := e_link.next;
// CHECK: @119:3 n.val := copy_val;
// CHECK-NEXT: @119:3 n.next := copy_next;
// CHECK-NEXT: @120:3 p_x := q_x;
// CHECK-NEXT: @120:3 p_y := q_y;
// CHECK: proc self_link(
// CHECK: t2 := v_next;
// CHECK-NEXT: v_next := t2.next;
// CHECK-NEXT: v_val := t2.val;
// RUN: locus verify %s --entry verify_safe --solver z3
// CHECK: SAFE
// RUN: locus verify %s --entry verify_safe --solver cvc5
// CHECK: SAFE
// RUN: locus verify %s --entry verify_bug --solver z3
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: q.y == a
// RUN: locus verify %s --entry verify_bug --solver cvc5
// EXIT: 1
// CHECK: FAILED: assert
#include <assert.h>
#include <stdlib.h>

struct point {
  int x;
  int y;
};
struct node {
  int val;
  struct node *next;
};
struct link {
  struct link *next;
  int val;
};
typedef struct {
  int key;
  _Bool used;
  char tag;
  struct node *link;
} entry;

struct point origin = {.y = 5};   // globals origin_x, origin_y; origin_y := 5 at the start of main
const struct point unit = {1, 1}; // folded into literals

int loop(int n) {
  struct point acc = {0, 0};
  for (int i = 0; i < n; i++) {
    struct point p = {0, 0};       // (without an initializer p would be indeterminate: a nondet value)
    struct point step = {i, 1};
    p.x += step.x;
    p.y += step.y;
    acc.x += p.x;
    acc.y += p.y;
  }
  return acc.x * 100 + acc.y;      // n = 4: x = 0+1+2+3, y = 4
}

int main(void) {
  struct point p = {1, 2};
  int p_x = 0;                     // clashes with p's field variable: renamed
  struct point q = p;              // copy
  q.x += 10;                       // 11
  q.y *= 3;                        // 6
  p.x++;                           // 2
  entry e = {.tag = 'a'};          // key 0, used false, tag 97, link NULL
  e.used = q.x > 10;               // true
  e.key = p.x + q.y;               // 8
  struct node *n = calloc(1, sizeof(struct node)); // (malloc: next would be indeterminate)
  n->val = 7;
  e.link = n;
  struct node copy = *e.link;      // read through a pointer: val 7, next NULL
  copy.val += origin.y;            // 12
  *n = copy;                       // written back: n->val = 12
  p = q;                           // p = {11, 6}
  q.x = p_x;                       // p is unchanged
  return p.x + p.y + e.key + e.used + e.tag + n->val + unit.x + q.x; // 11+6+8+1+97+12+1+0 = 136
}

int heap_copy(void) {
  struct node *a = calloc(1, sizeof(struct node));
  struct node *b = calloc(1, sizeof(struct node));
  b->val = 4;
  b->next = b;
  *a = *b;                         // node to node
  *b = *b;                         // onto itself: unchanged
  struct node v = *a->next;
  return a->val + v.val + (a->next == b);
}

int self_link(void) {
  struct link *a = calloc(1, sizeof(struct link));
  a->val = 1;
  a->next = calloc(1, sizeof(struct link));
  a->next->val = 2;
  struct link v = {a, 0};
  v = *v.next;                     // v.next is written first, but all fields come from the node *a
  return v.val * 10 + v.next->val;
}

int write_null(void) {
  struct node *p = NULL;
  struct node v = {1, NULL};
  *p = v;
  return 0;
}

int read_null(void) {
  struct node *p = NULL;
  struct node v = *p;
  return v.val;
}

int verify_safe(int a, int b) {
  struct point p = {a, b};
  struct point q;
  q = p;
  q.x = q.y;
  q.y = p.x;                       // swapped through p
  assert(q.x == b && q.y == a);
  struct node *n = calloc(1, sizeof(struct node));
  struct node v = {a, NULL};
  *n = v;
  v.val = b;
  struct node w = *n;
  assert(n->val == a && v.val == b && w.val == a && w.next == NULL);
  return 0;
}

int verify_bug(int a, int b) {
  struct point p = {a, b};
  struct point q = p;
  q.x = q.y;
  q.y = q.x;                       // bug: q.x was already overwritten
  assert(q.y == a);
  return 0;
}

void test_global_initialized(void) {
  assert(origin.x == 0 && origin.y == 5 && unit.y == 1);
}
