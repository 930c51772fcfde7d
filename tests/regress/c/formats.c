// printf's fields (issue 33): a zero-padded `%04d` and a left-justified `%-3x`, run, tested against a suite
// and verified against a reference that prints the same text digit by digit (Inputs/formats_ref.c) on a
// fixed input (a free one takes cvc5's string theory minutes). tests/cdiff/programs/formats.c compares them
// with gcc; tests/unit/encoder/test_io.cpp the encoding with glibc's snprintf.
// RUN: printf -- '-77' > %t/in && locus run %s --stdin %t/in
// CHECK: outcome: ok
// CHECK: output: "[-077|fb3]\n"
// RUN: locus test %s --tests %S/Inputs/formats_suite
// CHECK: PASS neg
// CHECK: PASS small
// CHECK: PASS wide
// CHECK: 3 passed, 0 failed
// RUN: printf -- '-77' > %t/in && locus verify %s --reference %S/Inputs/formats_ref.c --solver cvc5 --stdin %t/in
// CHECK: SAFE
// RUN: printf '4095' > %t/in && locus verify %s --reference %S/Inputs/formats_ref.c --solver cvc5 --stdin %t/in
// CHECK: SAFE
#include <stdio.h>

int main(void) {
  int n = 0;
  if (scanf("%d", &n) != 1)
    return 1;
  printf("[%04d|%-3x]\n", n % 1000, (unsigned)n & 0xfff);
  return 0;
}
