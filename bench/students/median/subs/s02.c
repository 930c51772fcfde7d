#include <stdio.h>

void swap(int *x, int *y) {
  int t = *x;
  *x = *y;
  *y = t;
}

int main(void) {
  int a, b, c;
  if (scanf("%d%d%d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  if (a > b) swap(&a, &b);
  if (b > c) swap(&b, &c);
  if (a > b) swap(&a, &b);
  printf("%d\n", b);
  return 0;
}
