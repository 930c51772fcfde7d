#include <stdio.h>
int main(void) {
  double sum, x;
  int i;
  for (i = 0; i < 3; i++) {
    if (scanf("%lf", &x) != 1) {
      printf("invalid input\n");
      return 1;
    }
    sum += x;
  }
  double avg = sum / 3;
  printf("%.2f\n", avg);
  if (avg >= 5.5) printf("PASS\n");
  else printf("FAIL\n");
  return 0;
}
