#include <stdio.h>

int main(void) {
  double a, b, c, m;
  if (scanf("%lf %lf %lf", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  if ((a - b) * (c - a) >= 0)
    m = a;
  else if ((b - a) * (c - b) >= 0)
    m = b;
  else
    m = c;
  printf("%d\n", (int)m);
  return 0;
}
