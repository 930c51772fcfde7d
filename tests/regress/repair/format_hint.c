// A failure that is an output difference only (the program ends ok and prints other text than the suite
// expects): a method other than format finds no repair, and its message suggests --method format, which
// repairs it. A failure that is not one (an assertion) gets no such suggestion.
// RUN: locus repair %s --tests %S/Inputs/format_suite
// EXIT: 3
// CHECK: failure: the output differs from the expected output at line 2: expected 'sum: 3', got 'sum 3'
// CHECK: NOT REPAIRED: {{.*}} (the program ends ok and only its output differs: --method format edits the text its prints write)
// RUN: locus repair %s --tests %S/Inputs/format_suite --method format
// EXIT: 1
// CHECK: format_hint.c:23:3: format "sum %d\n" → "sum: %d\n"
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %S/Inputs/format_hint_assert.c
// EXIT: 3
// CHECK: NOT REPAIRED
// CHECK-NOT: --method format
#include <stdio.h>

int main(void) {
  int a = 0, b = 0;
  scanf("%d %d", &a, &b);
  int lo = a < b ? a : b;
  printf("min: %d\n", lo);
  printf("sum %d\n", a + b);
  return 0;
}
