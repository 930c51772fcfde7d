#include <stdio.h>

int main(void) {
  char t[5];
  int d = 0;
  if (scanf("%5c %d", t, &d) != 2 || t[2] != ':' || d < 0) {
    printf("invalid input\n");
    return 1;
  }
  int h = (t[0] - '0') * 10 + (t[1] - '0');
  int m = (t[3] - '0') * 10 + (t[4] - '0');
  if (h < 0 || h > 23 || m < 0 || m > 59) {
    printf("invalid input\n");
    return 1;
  }
  int x = (h * 60 + m + d) % 1440;
  printf("%02d:%02d\n", x / 60, x % 60);
  return 0;
}
