#include <stdio.h>
int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  if ((a <= b && b <= c) || (c <= b && b <= a)) printf("%d", b);
  else if ((b <= a && a <= c) || (c <= a && a <= b)) printf("%d", a);
  else printf("%d", c);
  return 0;
}
