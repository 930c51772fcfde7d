#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  /* the median is the one closest to the mean */
  int s = a + b + c;
  int da = abs(3 * a - s), db = abs(3 * b - s), dc = abs(3 * c - s);
  if (da <= db && da <= dc)
    printf("%d\n", a);
  else if (db <= dc)
    printf("%d\n", b);
  else
    printf("%d\n", c);
  return 0;
}
