#include <stdio.h>

double average(double x, double y, double z) { return (x + y + z) / 3; }

int main(void) {
  double a, b, c;
  int n = scanf("%lf%lf%lf", &a, &b, &c);
  if (n != 3) {
    printf("invalid input\n");
    return 1;
  }
  double avg = average(a, b, c);
  printf("%.2f\n%s\n", avg, avg >= 5.5 ? "PASS" : "FAIL");
  return 0;
}
