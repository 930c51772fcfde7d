// locus repair against a reference whose output the encoder knows on one path (the usage line): the must
// sets of mutate evaluated the printed text `"usage…"` and stopped with `internal error: term: mkApp cannot
// build operator ''` (issue 29); template answered nothing in 60 s. Both repair the comparison now.
// SLOW: template needs tens of seconds on cvc5 here and more than its minute under the sanitizers (the
// sanitizer stage runs only the quick tests).
// SLOW
// RUN: locus repair %s --reference %S/Inputs/reference_usage_ref.c --solver cvc5
// EXIT: 1
// CHECK: failure: the output differs from the reference's at line 1
// CHECK: repair 1 (1 change, {{.*}} re-verified from the patched source):
// CHECK-NEXT: {{.*}}reference_usage.c:29:7: > → <
// CHECK: REPAIRED: 1 repair
// RUN: locus repair %s --reference %S/Inputs/reference_usage_ref.c --solver cvc5 --method template --timeout 60
// EXIT: 1
// CHECK: repair 1 (1 change, {{.*}} re-verified from the patched source):
// CHECK: REPAIRED: 1 repair
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 4) {
    printf("usage: smallest A B C\n");
    return 1;
  }
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int c = atoi(argv[3]);
  int s = a;
  if (b > s) // bug: should be b < s
    s = b;
  if (c < s)
    s = c;
  printf("smallest: %d\n", s);
  return 0;
}
