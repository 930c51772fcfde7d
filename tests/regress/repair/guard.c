// locus repair --method guard: the reference checks its input call's result and ends the run with a message
// when the input is not two integers; this program reads the two with two calls and ignores their results,
// so on "5 x" it prints the larger of 5 and an indeterminate value. The repair wraps each of its unchecked
// calls into the reference's check — compared with the number of values the program's own call reads (1),
// the reference's handler written as the reference writes it — and is correct within the bound.
#include <stdio.h>

int main(void) {
  int x, y;
  scanf("%d", &x);
  scanf("%d", &y);
  if (x > y)
    printf("%d\n", x);
  else
    printf("%d\n", y);
  return 0;
}
// RUN: locus repair %s --tests %S/Inputs/guard_suite --reference %S/Inputs/guard_ref.c --method guard
// EXIT: 1
// CHECK: method: guard on z3
// CHECK: repair 1 (2 changes, {{.*}}): correct within the bound: it prints and returns what the reference does; the suite's 4 tests pass
// CHECK-NEXT: guard.c:10:3: the result of 'scanf("%d", &x);' checked as {{.*}}guard_ref.c:7:{{[0-9]+}} checks its input
// CHECK-NEXT: guard.c:11:3: the result of 'scanf("%d", &y);' checked as {{.*}}guard_ref.c:7:{{[0-9]+}} checks its input
// CHECK: -  scanf("%d", &x);
// CHECK-NEXT: -  scanf("%d", &y);
// CHECK-NEXT: +  if (scanf("%d", &x) != 1) {
// CHECK-NEXT: +    printf("bad input\n");
// CHECK-NEXT: +    return 2;
// CHECK-NEXT: +  }
// CHECK-NEXT: +  if (scanf("%d", &y) != 1) {
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --tests %S/Inputs/guard_suite --method guard
// EXIT: 2
// CHECK: --method guard takes the checks it inserts from a reference: give --reference
