#include <stdio.h>
#include <stdlib.h>
int main() {
  int n, d[10], k = 0;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  n = abs(n);
  do {
    d[k++] = n % 10;
    n /= 10;
  } while (n > 0);
  for (int i = k - 1; i >= 0; i--) {
    printf("%d", d[i]);
    if (i > 0) printf(" ");
  }
  printf("\n");
  return 0;
}
