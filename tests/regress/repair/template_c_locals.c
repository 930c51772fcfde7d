// locus repair --method template in C names a local only where every path has written it: `a` and `b`
// have no initializer (indeterminate in C), and the front end makes them nondet only where the original
// reads them first, so a template reading `b` before `b = …` would verify on the IR (where it starts at 0)
// and fail from its patched source. Jin & Orso's Fig. 2 with line 8 wrong (docs/repair.md).
// RUN: locus repair %s --method template --entry main --max 5
// EXIT: 1
// CHECK: failure: assert failed at {{.*}}template_c_locals.c:28:3
// CHECK: repair 5 ({{.*}}re-verified from the patched source):
// CHECK-NOT: internal
// CHECK: REPAIRED: 5 repairs
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int f(int x, int y) {
  int a, b;
  if (x >= 0) { // 1
    a = x;      // 2
  } else {
    a = -x; // 4
  }
  if (y < 5) { // 5
    b = a + 1; // 6
  } else {
    b = a + 2; // 8 (a - 2 is right)
  }
  assert(b <= a); // 9
  return b;
}

int main(void) {
  int x, y;
  x = __VERIFIER_nondet_int();
  y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000000 && x < 1000000);
  f(x, y);
  return 0;
}
