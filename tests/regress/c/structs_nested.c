// Nested struct fields, struct parameters and results by value (issue 17 item 5). A struct value is one IR
// variable per scalar leaf (`r_lo_x` for r.lo.x), a heap record one field per leaf, a struct parameter one IR
// parameter per leaf, and a struct result one global per leaf that `return` fills and the caller copies
// right after the call. tests/cdiff/programs/structs_nested.c checks the same against gcc.
// SOLVERS: z3 cvc5
// RUN: locus run %s --entry demo
// CHECK: outcome: ok
// CHECK: result: 826
// RUN: locus verify %s --solver %solver --entry prop --unwind 4
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry wrong --unwind 4
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: structs_nested.c:76:
// RUN: locus verify %s --solver %solver --entry indeterminate
// EXIT: 1
// CHECK: FAILED: assert
// RUN: locus ir %s
// CHECK: type Node
// CHECK-NEXT: box_lo_x: int32
// CHECK-NEXT: box_lo_y: int32
// CHECK-NEXT: box_hi_x: int32
// CHECK-NEXT: box_hi_y: int32
// CHECK: var mk_result_x: int32
// CHECK: proc area(r_lo_x: int32 @{{[0-9:]+}}, r_lo_y: int32
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

struct P { int x; int y; };
struct R { struct P lo; struct P hi; };
struct Node { struct R box; struct Node *next; };

struct P mk(int x, int y) {
  struct P p = {x, y};
  return p;
}

int area(struct R r) {
  return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y);
}

struct R grow(struct R r, int d) {
  r.lo = mk(r.lo.x - d, r.lo.y - d);
  r.hi.x += d;
  r.hi.y += d;
  return r;
}

int demo(void) {
  struct R r = {{0, 0}, {2, 3}};
  struct Node *n = malloc(sizeof(struct Node));
  n->box = grow(r, 1);  // {{-1, -1}, {3, 4}}
  n->next = NULL;
  struct Node m = *n;
  m.box.hi = mk(5, 5);
  return area(r) * 100 + area(n->box) * 10 + area(m.box) - 10; // 600 + 200 + 36 - 10
}

void prop(void) {
  int a = __VERIFIER_nondet_int(), d = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a < 100 && d >= 0 && d < 100);
  struct R r = {mk(0, 0), mk(a, a)};
  struct R g = grow(r, d);
  __VERIFIER_assert(area(g) == (a + 2 * d) * (a + 2 * d));
  struct Node *n = malloc(sizeof(struct Node));
  n->box = g;
  __VERIFIER_assert(n->box.hi.y - n->box.lo.y == a + 2 * d);
}

void wrong(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a < 100);
  struct R r = {mk(0, 0), mk(a, a)};
  struct R g = grow(grow(r, 0), 1);
  __VERIFIER_assert(area(g) != 16); // fails for a == 2
}

void indeterminate(void) {
  struct R r; // nested fields of a local without initializer hold any value
  r.hi.x = 1;
  __VERIFIER_assert(r.lo.y == 0);
}
