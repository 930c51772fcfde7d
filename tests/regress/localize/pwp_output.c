// pwp on a failure that is an output difference (docs/localize.md, pwp): the check is the first print whose
// text differs from the expected output (here the reference's on test t1), as `hi == 5`; the scan's writes
// are the run's inputs (a and b as read, not their initializers), so only `hi = b` is blamed. A print whose
// expected text is another format's is said, not guessed (Inputs/pwp_output_text.c prints `hi: `).
// RUN: locus localize %s --method pwp --tests %S/Inputs/pwp_output --reference %S/Inputs/pwp_output_ref.c
// EXIT: 1
// CHECK: failure: the output differs from the expected output at line 2: expected 'hi 5', got 'hi 3'
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}pwp_output.c:23:5  hi = b;
// CHECK-NOT: int a = 0, b = 0;
// RUN: locus localize %S/Inputs/pwp_output_text.c --method pwp --tests %S/Inputs/pwp_output --reference %S/Inputs/pwp_output_ref.c
// EXIT: 2
// CHECK: pwp: the output differs in the text of the print at line 13, not in the values it prints
#include <stdio.h>

int main(void) {
  int a = 0, b = 0;
  scanf("%d %d", &a, &b);
  int lo = a;
  int hi = b;
  if (a > b) {
    lo = b;
    hi = b;
  }
  printf("lo %d\n", lo);
  printf("hi %d\n", hi);
  return 0;
}
