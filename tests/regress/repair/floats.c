// Repair of float programs (issue 33): a float comparison is mutated like an integer one (`>` → `>=`).
// A failing test whose output is a float the program computed and printed is repaired against the suite's
// text too: the expected-output automaton matches a printed float by the range of doubles that print the
// text (ir::floatTextRange). The repair is plausible: the suite passes, and the bounded comparison with the
// reference's output needs strings on z3. Before, no printed float matched any text: mutate's must sets
// then named only the statements that end the run before the print, and pruned the repair (NOT REPAIRED).
// RUN: locus repair %s --entry main --tests %S/Inputs/floats_suite --reference %S/Inputs/floats_ref.c
// EXIT: 1
// CHECK: +  if (m >= 8.0)
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %S/Inputs/floats_printed.c --tests %S/Inputs/floats_suite --reference %S/Inputs/floats_printed_ref.c
// EXIT: 1
// CHECK: plausible: the suite's 7 tests pass
// CHECK: floats_printed.c:7:7: > → >=
// CHECK: REPAIRED: 1 repair
// RUN: locus mutate %s --out %t --count 3 --class L1
// CHECK: 3 of 3 L1 versions
#include <stdio.h>

int main(void) {
  double a, b;
  if (scanf("%lf %lf", &a, &b) != 2)
    return 1;
  double m = a < b ? a : b;
  if (m > 10.0)
    m = m - 1.5;
  if (m > 8.0)
    printf("big\n");
  else
    printf("small\n");
  return 0;
}
