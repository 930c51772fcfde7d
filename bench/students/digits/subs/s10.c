#include <stdio.h>
int main(void) {
  int n, i, d;
  int digits[12];
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  if (n < 0) n = -n;
  for (i = 0; n > 9; i++) {
    digits[i] = n % 10;
    n = n / 10;
  }
  digits[i] = n;
  for (d = i; d >= 0; d--) {
    printf("%d", digits[d]);
    if (d != 0) printf(" ");
  }
  printf("\n");
  return 0;
}
