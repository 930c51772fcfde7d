#include <stdio.h>
int main(void) {
  int a = 0, b = 0;
  if (scanf("%d %d", &a, &b) != 2)
    return 1;
  int s = a - b;
  printf("%d\n", s);
  return 0;
}

// gradient against a reference (a product program): the failing run's replay ends where the reference's run
// starts (in the entry's frame, after it), so the reference's variables are never read as the entry's.
// Before, the replay went on into the reference's statements and stopped with an internal error (exit 4: a
// variable index beyond the entry's); proof, which localizes with gradient, did the same. The ranking itself
// is not checked here: the post-state changes `a` rather than `s` (one entity each), so line 6 (the fault,
// `-` for `+`) is not ranked — docs/localize.md, gradient's limits.
// RUN: locus localize %s --reference %S/Inputs/gradient_reference_ref.c --method gradient
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: {{ +}}1  {{.*}}gradient_reference.c:
