// A float printed by the failing test, repaired against the suite's text (../floats.c).
#include <stdio.h>
int main(void) {
  double a, b;
  if (scanf("%lf %lf", &a, &b) != 2) return 1;
  double m = a < b ? a : b;
  if (m > 10.0) m = m - 1.5;
  printf("%.2f\n", m * 2.0);
  return 0;
}
