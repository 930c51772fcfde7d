// locus repair on C: the loop bound is off by one (`i < n` should be `i <= n`); the patch is a diff of the C
// source, written with --out and verified again by `locus verify` from the written file.
// RUN: locus repair %s --entry sum_to --unwind 6
// EXIT: 1
// CHECK: failure: assert failed at {{.*}}sum_c.c:24:3
// CHECK: method: mutate (level 2, at most 2 mutations, fl-AllRepair) on z3, unwind 6
// CHECK: repair 1 (1 change, {{.*}} re-verified from the patched source):
// CHECK-NEXT: {{.*}}sum_c.c:22:19: < → <=
// CHECK: -  for (int i = 1; i < n; i++)
// CHECK-NEXT: +  for (int i = 1; i <= n; i++)
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --entry sum_to --unwind 6 --out %t.c
// EXIT: 1
// RUN: locus verify %t.c --entry sum_to --unwind 6
// CHECK: SAFE
#include <assert.h>
void __VERIFIER_assume(int);

int sum_to(int n) {
  __VERIFIER_assume(0 <= n && n <= 5);
  int s = 0;
  for (int i = 1; i < n; i++)
    s += i;
  assert(2 * s == n * (n + 1));
  return s;
}
