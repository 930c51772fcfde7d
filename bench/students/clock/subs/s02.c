#include <stdio.h>

int main(void) {
  int h, m, d;
  int n = scanf("%d:%d %d", &h, &m, &d);
  if (n != 3 || h < 0 || h > 23 || m < 0 || m > 59 || d < 0) {
    printf("invalid input\n");
    return 1;
  }
  m = m + d;
  h = h + m / 60;
  m = m % 60;
  printf("%02d:%02d\n", h, m);
  return 0;
}
