// locus repair --method init: the accumulator `total` is declared without an initializer and read before it is
// written (its first value is indeterminate: the failing run draws one that is not 0). The repair gives the
// declaration an initializer (`int i, total = 0;`), written into the declarator, the declaration kept;
// correct within the bound against the reference.
#include <stdio.h>

int main(void) {
  int v[3];
  if (scanf("%d %d %d", &v[0], &v[1], &v[2]) != 3)
    return 1;
  int i, total;
  for (i = 0; i < 3; i++)
    total += v[i];
  printf("%d\n", total);
  return 0;
}
// RUN: locus repair %s --tests %S/Inputs/init_suite --reference %S/Inputs/init_ref.c --method init
// EXIT: 1
// CHECK: method: init on z3
// CHECK: repair 1 (1 change, {{.*}}): correct within the bound: it prints and returns what the reference does; the suite's 3 tests pass
// CHECK-NEXT: init.c:11:{{[0-9]+}}: 'total' initialized to 0
// CHECK: -  int i, total;
// CHECK-NEXT: +  int i, total = 0;
// CHECK: REPAIRED: 1 repair
