#include <stdio.h>
int main(void) {
  double a, b, c;
  char result;
  if (scanf("%lf %lf %lf", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  double avg = (a + b + c) / 3;
  if (avg >= 5.5) result = 'P';
  else result = 'F';
  printf("%.2f\n", avg);
  if (result == 'P') puts("PASS");
  else puts("FAIL");
  return 0;
}
