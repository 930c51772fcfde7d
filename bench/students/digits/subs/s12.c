#include <stdio.h>
int main(void) {
  long long n;
  if (scanf("%lld", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  if (n < 0) n = -n;
  long long p = 1;
  while (p * 10 <= n) p = p * 10;
  int first = 1;
  while (p) {
    if (!first) printf(" ");
    printf("%lld", n / p % 10);
    first = 0;
    p /= 10;
  }
  putchar('\n');
  return 0;
}
