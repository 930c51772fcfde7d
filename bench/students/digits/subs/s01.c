#include <stdio.h>

void digits(int n) {
  if (n >= 10) {
    digits(n / 10);
    printf(" ");
  }
  printf("%d", n % 10);
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  if (n < 0) n = -n;
  digits(n);
  printf("\n");
  return 0;
}
