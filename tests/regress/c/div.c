// div, ldiv and lldiv from <stdlib.h> (issue 33): the quotient and the remainder of C's truncating
// division in a div_t (ldiv_t, lldiv_t); a zero divisor fails as `/` does.
// RUN: locus run %s --stdin %S/Inputs/div_neg.in --seed 0
// CHECK: output: "-3 -2\n-3400000 0\n-2\n"
// RUN: locus run %s --stdin %S/Inputs/div_zero.in --seed 0
// EXIT: 1
// CHECK: outcome: failure (div-by-zero)
// RUN: locus verify %s --stdin %S/Inputs/div_neg.in
// CHECK: SAFE
// RUN: locus verify %s --stdin %S/Inputs/div_zero.in
// EXIT: 1
// CHECK: FAILED: div-by-zero
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2)
    return 1;
  div_t r = div(a, b);
  printf("%d %d\n", r.quot, r.rem);
  ldiv_t l = ldiv(a * 1000000L, b);
  printf("%ld %ld\n", l.quot, l.rem);
  printf("%d\n", div(a, 3).rem);
  return 0;
}
