#include <stdio.h>

/* reads the hour and the minutes as two digits each */
int main(void) {
  int hh, mm, plus;
  if (scanf("%2d:%2d %d", &hh, &mm, &plus) != 3) {
    printf("invalid input\n");
    return 1;
  }
  if (hh < 0 || hh > 23 || mm < 0 || mm > 59 || plus < 0) {
    printf("invalid input\n");
    return 1;
  }
  int total = hh * 60 + mm + plus;
  total = total % 1440;
  printf("%02d:%02d\n", total / 60, total % 60);
  return 0;
}
