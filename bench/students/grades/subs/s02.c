#include <stdio.h>
int main(void) {
  float a, b, c;
  if (scanf("%f %f %f", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  float avg = (a + b + c) / 3;
  printf("%.2f\n", avg);
  printf(avg >= 5.5 ? "PASS\n" : "FAIL\n");
  return 0;
}
