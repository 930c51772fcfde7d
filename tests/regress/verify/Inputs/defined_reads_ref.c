// The reference of ../defined_reads.c: the median of three numbers read from standard input.
#include <stdio.h>

int main(void) {
  int a, b, c, m;
  scanf("%d %d %d", &a, &b, &c);
  if ((a >= b && a <= c) || (a <= b && a >= c))
    m = a;
  else if ((b >= a && b <= c) || (b <= a && b >= c))
    m = b;
  else
    m = c;
  printf("median: %d\n", m);
  return 0;
}
