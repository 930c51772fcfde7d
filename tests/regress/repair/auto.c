#include <stdio.h>
int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) {
    printf("invalid input\n");
    return 1;
  }
  int m = a;
  if (b < m)
    m = b;
  printf("max %d\n", m);
  return 0;
}

// `--method auto` (docs/repair.md, "auto"): the methods that derive their edit from the specification first,
// then the searches. Here the fault is an operator (line 9, `<` for `>`): format, guard and init find
// nothing, mutate repairs it, and the repair names its method. auto_unchecked.c lacks the reference's input
// check: guard, the second method, repairs it and no search runs. Without a reference guard cannot run and
// is passed over (a suite with expected outputs: auto_suite_out).
// RUN: locus repair %s --tests %S/Inputs/auto_suite --reference %S/Inputs/auto_ref.c --method auto --stats
// EXIT: 1
// CHECK: method: auto (format, guard, init, mutate, template, proof, pwp, until one repairs) on z3
// CHECK: repair 1 (by mutate, 1 change,
// CHECK: auto.c:9:7: < → >
// CHECK: REPAIRED: 1 repair
// CHECK: stats: format.s
// CHECK: stats: guard.s
// CHECK: stats: init.s
// CHECK: stats: mutate.candidates_validated
// CHECK-NOT: stats: template.
// RUN: locus repair %S/Inputs/auto_unchecked.c --tests %S/Inputs/auto_suite --reference %S/Inputs/auto_ref.c --method auto --json
// EXIT: 1
// CHECK: "method": "auto"
// CHECK: "message": "repaired by guard"
// CHECK: "by": "guard"
// RUN: locus repair %s --tests %S/Inputs/auto_suite_out --method auto
// EXIT: 1
// CHECK: repair 1 (by mutate,
// Partial repairs: auto_partial.c lacks the input check and has the comparison reversed. guard's candidate
// alone fails the suite but makes its invalid-input test pass and no other fail: it is applied, and mutate
// repairs the rest. One patch of the user's text, each change at its line there (the check at line 6, the
// operator at line 8: line 11 of the program with the check inserted), correct within the bound.
// RUN: locus repair %S/Inputs/auto_partial.c --tests %S/Inputs/auto_suite --reference %S/Inputs/auto_ref.c --method auto --stats
// EXIT: 1
// CHECK: repair 1 (by guard+mutate, 2 changes,
// CHECK-SAME: correct within the bound
// CHECK-NEXT: auto_partial.c:6:3: the result of 'scanf("%d %d", &a, &b);' checked as
// CHECK-NEXT: auto_partial.c:8:7: < → >
// CHECK: -  scanf("%d %d", &a, &b);
// CHECK: -  if (b < m)
// CHECK-NEXT: +  if (b > m)
// CHECK: REPAIRED: 1 repair
// CHECK: stats: guard+mutate.candidates_validated
// CHECK: stats: partials 1.000
// RUN: locus repair %S/Inputs/auto_partial.c --tests %S/Inputs/auto_suite --reference %S/Inputs/auto_ref.c --method auto --json
// EXIT: 1
// CHECK: "message": "repaired by guard+mutate"
// CHECK: "line": 6,
// CHECK: "line": 8,
// CHECK: "by": "guard+mutate"
