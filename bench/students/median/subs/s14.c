#include <stdio.h>
int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  int m = a;
  if (b < m) m = b;
  if (c < m) m = c;
  printf("%d\n", m);
  return 0;
}
