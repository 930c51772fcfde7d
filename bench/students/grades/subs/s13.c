#include <stdio.h>
int main(void) {
  double a, b, c;
  if (scanf("%lf %lf %lf", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  double avg = (a + b + c) / 3;
  printf("%6.2f\n", avg);
  printf("%s\n", avg >= 5.5 ? "PASS" : "FAIL");
  return 0;
}
