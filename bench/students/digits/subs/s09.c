#include <stdio.h>
int main(void) {
  unsigned int n;
  int x;
  if (scanf("%d", &x) != 1) {
    printf("invalid input\n");
    return 1;
  }
  n = x < 0 ? -x : x;
  char buf[12];
  int k = 0;
  while (n) {
    buf[k++] = '0' + n % 10;
    n /= 10;
  }
  while (k--) {
    printf("%c", buf[k]);
    if (k) printf(" ");
  }
  printf("\n");
  return 0;
}
