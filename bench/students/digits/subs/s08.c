#include <stdio.h>
#include <math.h>
int main(void) {
  double x;
  if (scanf("%lf", &x) != 1) {
    printf("invalid input\n");
    return 1;
  }
  long n = (long)fabs(x);
  long p = 1;
  while (p * 10 <= n) p *= 10;
  for (; p >= 1; p /= 10) {
    printf("%ld", (n / p) % 10);
    if (p > 1) printf(" ");
  }
  printf("\n");
  return 0;
}
