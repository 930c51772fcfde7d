#include <stdio.h>
int main(void) {
  int n, count, p, i;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  if (n < 0) n = -n;
  int m = n;
  count = 1;
  while (m >= 10) {
    m /= 10;
    count++;
  }
  for (i = count - 1; i >= 0; i--) {
    p = 1;
    for (int j = 0; j < i; j++) p = p * 10;
    printf("%d", (n / p) % 10);
    if (i != 0) printf(" ");
  }
  printf("\n");
  return 0;
}
