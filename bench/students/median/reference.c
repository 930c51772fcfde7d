// Instructor's reference: read three integers, print their median.
#include <stdio.h>

int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  int m;
  if ((a <= b && b <= c) || (c <= b && b <= a))
    m = b;
  else if ((b <= a && a <= c) || (c <= a && a <= b))
    m = a;
  else
    m = c;
  printf("%d\n", m);
  return 0;
}
