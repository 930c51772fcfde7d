// auto.c's exercise without the input check (the reference's, which `guard` inserts).
#include <stdio.h>
int main(void) {
  int a, b;
  scanf("%d %d", &a, &b);
  int m = a;
  if (b > m)
    m = b;
  printf("max %d\n", m);
  return 0;
}
