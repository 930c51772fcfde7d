#include <stdio.h>
int main(void) {
  double g[3], sum = 0;
  for (int i = 0; i < 3; i++) {
    if (scanf("%lf", &g[i]) != 1) {
      printf("invalid input\n");
      return 1;
    }
    sum = sum + g[i];
  }
  double avg = sum / 3;
  printf("%.2f\n", avg);
  if (avg > 5.5) printf("PASS\n");
  else printf("FAIL\n");
  return 0;
}
