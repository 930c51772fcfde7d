#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  if (n < 0) n = -n;
  int rev = 0, len = 0;
  while (n > 0) {
    rev = rev * 10 + n % 10;
    n /= 10;
    len++;
  }
  for (int i = 0; i < len; i++) {
    if (i) printf(" ");
    printf("%d", rev % 10);
    rev /= 10;
  }
  printf("\n");
  return 0;
}
