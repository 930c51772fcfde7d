#include <stdio.h>
int main(void) {
  int n, p;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  if (n < 0) n = -n;
  while (p <= n / 10) p *= 10;
  while (p > 0) {
    printf("%d", n / p);
    n %= p;
    p /= 10;
    if (p > 0) printf(" ");
  }
  printf("\n");
  return 0;
}
