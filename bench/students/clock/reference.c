// Instructor's reference: read a time H:MM (24-hour clock) and a number of minutes (0 or more); print the time
// that many minutes later as HH:MM, or "invalid input" (exit 1) when the input is not such a time and duration.
#include <stdio.h>

int main(void) {
  int h, m, d;
  if (scanf("%d:%d %d", &h, &m, &d) != 3 || h < 0 || h > 23 || m < 0 || m > 59 || d < 0) {
    printf("invalid input\n");
    return 1;
  }
  int t = (h * 60 + m + d) % (24 * 60);
  printf("%02d:%02d\n", t / 60, t % 60);
  return 0;
}
