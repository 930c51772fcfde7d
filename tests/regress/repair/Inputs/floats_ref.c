// The reference of ../floats.c.
#include <stdio.h>
int main(void) {
  double a, b;
  if (scanf("%lf %lf", &a, &b) != 2)
    return 1;
  double m = a < b ? a : b;
  if (m > 10.0)
    m = m - 1.5;
  if (m >= 8.0)
    printf("big\n");
  else
    printf("small\n");
  return 0;
}
