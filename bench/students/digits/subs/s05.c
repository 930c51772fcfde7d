#include <stdio.h>
int main(void) {
  int n;
  scanf("%d", &n);
  if (n < 0) n = -n;
  int p = 1;
  while (p <= n / 10) p *= 10;
  while (p > 0) {
    printf("%d ", n / p);
    n %= p;
    p /= 10;
  }
  printf("\n");
  return 0;
}
