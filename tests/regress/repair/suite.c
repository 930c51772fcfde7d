// locus repair --tests (issue 29): candidates run on a test suite in the interpreter first, then verified
// within the bound. Against a reference the repair is correct within the bound; against the suite's own
// expected outputs (no assertion says what the output is) it is plausible.
// RUN: locus repair %s --tests %S/Inputs/suite.txt --reference %S/Inputs/suite_ref.c --solver cvc5
// EXIT: 1
// CHECK: failure: the output differs from the expected output at line 1: expected '1', got '-1' (test line 3 of {{.*}}suite.txt
// CHECK: repair 1 (1 change, {{.*}} re-verified from the patched source): correct within the bound: it prints and returns what the reference does; the suite's 3 tests pass
// CHECK-NEXT: {{.*}}suite.c:{{[0-9]+}}:7: < → <=
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --tests %S/Inputs/suite_dir
// EXIT: 1
// CHECK: repair 1 (1 change, {{.*}}): plausible: the suite's 2 tests pass and its assertions hold within the bound
// CHECK: REPAIRED: 1 repair
// template's constants pass (docs/repair.md, "template"): the literal alone is the unknown.
// RUN: locus repair %s --tests %S/Inputs/suite.txt --reference %S/Inputs/suite_ref.c --solver cvc5 --method template
// EXIT: 1
// CHECK: repair 1 (1 change, {{.*}}): correct within the bound: it prints and returns what the reference does; the suite's 3 tests pass
// CHECK-NEXT: {{.*}}suite.c:{{[0-9]+}}:11: -1 → 0
// CHECK: REPAIRED: 1 repair
// The paper's templates alone: the first candidate passes the suite, not the bounded check; its
// counterexample joins the inputs and the next one is correct (before: the plausible one was the answer).
// RUN: locus repair %s --tests %S/Inputs/suite.txt --reference %S/Inputs/suite_ref.c --solver cvc5 --method template --no-constants --stats
// EXIT: 1
// CHECK: repair 1 (1 change, {{.*}}): correct within the bound: it prints and returns what the reference does; the suite's 3 tests pass
// CHECK-NEXT: {{.*}}suite.c:{{[0-9]+}}:7: d < -1 → d < 0
// CHECK: REPAIRED: 1 repair
// CHECK: stats: plausible_refined 1.000
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 3)
    return 2;
  int d = atoi(argv[1]) - atoi(argv[2]);
  if (d < -1) // bug: should be d < 0
    d = -d;
  printf("%d\n", d);
  return 0;
}
