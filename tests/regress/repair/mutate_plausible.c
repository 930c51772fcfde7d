#include <stdio.h>
int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) {
    printf("invalid input\n");
    return 1;
  }
  int m = a;
  if (b > m)
    m = a;
  printf("max %d\n", m);
  return 0;
}

// A suite too weak to tell the fault (line 10: `a` for `b`) from a mutant that only fits its one test: `3 4`
// passes with line 8's `m = b` as well, which the enumeration reaches first; the bounded check against the
// reference refutes it (`4 3`). mutate keeps such a plausible repair aside and looks on, every later mutant
// run first on the check's counterexample (docs/repair.md, "mutate": plausible repairs): the correct
// repair is the answer. Before, the plausible one was. With --all the plausible one comes after the correct.
// RUN: locus repair %s --tests %S/Inputs/auto_suite_weak --reference %S/Inputs/auto_ref.c --method mutate --stats
// EXIT: 1
// CHECK: repair 1 (1 change,
// CHECK-SAME: correct within the bound
// CHECK-NEXT: mutate_plausible.c:10:9: a → b
// CHECK: REPAIRED: 1 repair
// CHECK: stats: plausible_set_aside 1.000
// RUN: locus repair %s --tests %S/Inputs/auto_suite_weak --reference %S/Inputs/auto_ref.c --method mutate --all --max-mutations 1
// EXIT: 1
// CHECK: repair 1 (1 change,
// CHECK-SAME: correct within the bound
// CHECK-NEXT: mutate_plausible.c:10:9: a → b
// CHECK: repair 2 (1 change,
// CHECK-SAME: plausible: the suite's 1 test passes, not verified within the bound (it fails:
// CHECK-NEXT: mutate_plausible.c:8:11: a → b
// CHECK: REPAIRED: 2 repairs
