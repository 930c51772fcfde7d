// Repair of float programs (issue 33): a float comparison is mutated like an integer one (`>` → `>=`);
// a failing test whose output is a float the program computed and printed is not repaired against the
// suite's text (printed floats are output events in the encoding, docs/repair.md): NOT REPAIRED, no crash.
// RUN: locus repair %s --entry main --tests %S/Inputs/floats_suite --reference %S/Inputs/floats_ref.c
// EXIT: 1
// CHECK: +  if (m >= 8.0)
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %S/Inputs/floats_printed.c --tests %S/Inputs/floats_suite --reference %S/Inputs/floats_printed_ref.c
// EXIT: 3
// CHECK: NOT REPAIRED
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
