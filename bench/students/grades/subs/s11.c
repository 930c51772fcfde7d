#include <stdio.h>
int main(void) {
  double a, b, c;
  if (scanf("%lf %lf %lf", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  int total = a + b + c;
  double avg = total / 3.0;
  printf("%.2f\n", avg);
  if (avg >= 5.5) printf("PASS\n");
  else printf("FAIL\n");
  return 0;
}
