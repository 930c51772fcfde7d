#include <stdio.h>

// a time is always HH:MM, so read it digit by digit
int main() {
  int a, b, c, e, add;
  if (scanf("%1d%1d:%1d%1d %d", &a, &b, &c, &e, &add) != 5) {
    printf("invalid input\n");
    return 1;
  }
  int hour = a * 10 + b;
  int min = c * 10 + e;
  if (hour > 23 || min > 59 || add < 0) {
    printf("invalid input\n");
    return 1;
  }
  int t = (hour * 60 + min + add) % (24 * 60);
  printf("%02d:%02d\n", t / 60, t % 60);
  return 0;
}
