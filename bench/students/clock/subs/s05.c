#include <stdio.h>

int main(void) {
  int hours = 0, minutes = 0, duration = 0;
  char colon = ' ';
  int got = scanf("%d%c%d%d", &hours, &colon, &minutes, &duration);
  if (got != 4 || colon != ':' || hours < 0 || hours >= 24 || minutes < 0 || minutes >= 60) {
    printf("invalid input\n");
    return 1;
  }
  int end = hours * 60 + minutes + duration;
  while (end >= 24 * 60)
    end -= 24 * 60;
  printf("%02d:%02d\n", end / 60, end % 60);
  return 0;
}
