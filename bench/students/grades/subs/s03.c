#include <stdio.h>
int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  double avg = (a + b + c) / 3;
  printf("%.2f\n", avg);
  if (avg >= 5.5) printf("PASS\n");
  else printf("FAIL\n");
  return 0;
}
