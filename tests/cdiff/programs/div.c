// div, ldiv, lldiv (issue 33): the digits of a number with div's quotient and remainder, and the signs of
// both for negative operands. Every `// CMD:` line runs gcc's binary and `locus run`.
// CMD: 1 <<< 9041
// CMD: 1 <<< -305
// CMD: 1 <<< 0
// CMD: 2 <<< -7 2
// CMD: 2 <<< 7 -2
// CMD: 2 <<< -2147483647 10
// CMD: 2 <<< 5 7
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 1) {
    int n;
    if (scanf("%d", &n) != 1)
      return 2;
    do {
      div_t d = div(n, 10);
      printf("%d ", abs(d.rem));
      n = d.quot;
    } while (n != 0);
    printf("\n");
  }
  if (mode == 2) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2 || b == 0)
      return 2;
    ldiv_t l = ldiv(a, b);
    lldiv_t ll = lldiv(a * 3, b);
    printf("%ld %ld %lld %lld\n", l.quot, l.rem, ll.quot, ll.rem);
  }
  return 0;
}
