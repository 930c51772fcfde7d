#include <stdio.h>

int main(void) {
  unsigned h, m, d;
  if (scanf("%u:%u %u", &h, &m, &d) != 3) {
    printf("invalid input\n");
    return 1;
  }
  if (h > 23 || m > 59) { /* unsigned: never negative */
    printf("invalid input\n");
    return 1;
  }
  unsigned t = (h * 60 + m + d) % 1440;
  printf("%u:%u\n", t / 60, t % 60);
  return 0;
}
