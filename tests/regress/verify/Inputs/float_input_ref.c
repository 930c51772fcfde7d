#include <stdio.h>
int main(void) {
  double x;
  if (scanf("%lf", &x) != 1)
    return 1;
  printf("%d\n", x >= 2.0);
  return 0;
}
