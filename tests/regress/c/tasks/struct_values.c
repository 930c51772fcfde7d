// Task style: nested struct values passed and returned by value.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
struct Pt { int x, y; };
struct Box { struct Pt lo, hi; };
struct Box norm(struct Box b) {
  if (b.lo.x > b.hi.x) {
    int t = b.lo.x;
    b.lo.x = b.hi.x;
    b.hi.x = t;
  }
  if (b.lo.y > b.hi.y) {
    int t = b.lo.y;
    b.lo.y = b.hi.y;
    b.hi.y = t;
  }
  return b;
}
int main(void) {
  struct Box b = {{__VERIFIER_nondet_int(), __VERIFIER_nondet_int()},
                  {__VERIFIER_nondet_int(), __VERIFIER_nondet_int()}};
  struct Box n = norm(b);
  __VERIFIER_assert(n.lo.x <= n.hi.x && n.lo.y <= n.hi.y);
  __VERIFIER_assert(n.lo.x + n.hi.x == b.lo.x + b.hi.x || n.lo.x == b.lo.x);
  return 0;
}
int buggy(void) {
  struct Box b = {{__VERIFIER_nondet_int(), 0}, {__VERIFIER_nondet_int(), 0}};
  struct Box n = norm(b);
  __VERIFIER_assert(n.lo.x == b.lo.x);
  return 0;
}
