// auto.c's exercise with two faults: the reference's input check is missing, and the comparison is reversed
// (line 8: `<` for `>`).
#include <stdio.h>
int main(void) {
  int a, b;
  scanf("%d %d", &a, &b);
  int m = a;
  if (b < m)
    m = b;
  printf("max %d\n", m);
  return 0;
}
