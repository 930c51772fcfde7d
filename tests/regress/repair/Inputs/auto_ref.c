// The reference of auto.c and auto_unchecked.c.
#include <stdio.h>
int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) {
    printf("invalid input\n");
    return 1;
  }
  int m = a;
  if (b > m)
    m = b;
  printf("max %d\n", m);
  return 0;
}
