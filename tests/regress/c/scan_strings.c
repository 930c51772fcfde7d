// scanf's %s and %Ns into a char array (issue 33): a word, white space skipped before it and left unread
// after it; a word longer than the buffer (with its 0) is a bounds failure, a buffer overflow, at the first
// byte outside it — in the interpreter and in the encoding alike.
// RUN: locus run %s --stdin %S/Inputs/scan_strings_ok.in --seed 0
// CHECK: output: "r=1 [Ada] c=10\nr=1 [Love]\n"
// RUN: locus run %s --stdin %S/Inputs/scan_strings_long.in --seed 0
// EXIT: 1
// CHECK: outcome: failure (bounds)
// CHECK: error: index out of bounds: 'name{{.*}}' with index 8, length 8
// RUN: locus verify %s --stdin %S/Inputs/scan_strings_ok.in --unwind 10
// CHECK: SAFE
// RUN: locus verify %s --stdin %S/Inputs/scan_strings_long.in --unwind 12
// EXIT: 1
// CHECK: FAILED: bounds: index out of bounds
// RUN: locus verify %s --input-bytes 8 --unwind 9
// EXIT: 1
// CHECK: FAILED: bounds
// CHECK: stdin: "{{.*[^ \\]{8}.*}}"
#include <stdio.h>

int main(void) {
  char name[8], rest[5];
  int r = scanf("%s", name);
  printf("r=%d", r);
  if (r == 1)
    printf(" [%s] c=%d", name, getchar());
  printf("\n");
  r = scanf("%4s", rest);
  printf("r=%d", r);
  if (r == 1)
    printf(" [%s]", rest);
  printf("\n");
  return 0;
}
