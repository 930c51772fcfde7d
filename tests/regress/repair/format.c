// locus repair --method format: the text prints write. Two prints differ from the suite's expected output
// (a field width, `%3d` for `%d`, and a trailing space). Each round edits the format of one print the failing
// run executed, from where its output first differs from the expected one: the width's variants, and the
// printed text that is not expected (" ") deleted from the literal. The first round's edit leaves the second
// line wrong on the same input; the second round fixes it. The patch rewrites only the string literals.
// RUN: locus repair %s --tests %S/Inputs/format_suite --method format
// EXIT: 1
// CHECK: failure: the output differs from the expected output at line 1: expected 'min: 1', got 'min:   1'
// CHECK: method: format on z3
// CHECK: repair 1 (2 changes, {{.*}}): plausible: the suite's 3 tests pass and its assertions hold within the bound
// CHECK-NEXT: format.c:24:3: format "min: %3d\n" → "min: %d\n"
// CHECK-NEXT: format.c:25:3: format "sum: %d \n" → "sum: %d\n"
// CHECK: -  printf("min: %3d\n", lo);
// CHECK-NEXT: -  printf("sum: %d \n", a + b);
// CHECK-NEXT: +  printf("min: %d\n", lo);
// CHECK-NEXT: +  printf("sum: %d\n", a + b);
// CHECK: REPAIRED: 1 repair
#include <stdio.h>

int main(void) {
  int a = 0, b = 0;
  scanf("%d %d", &a, &b);
  int lo = a < b ? a : b;
  printf("min: %3d\n", lo);
  printf("sum: %d \n", a + b);
  return 0;
}
