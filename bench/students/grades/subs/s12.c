#include <stdio.h>
int main(void) {
  double grade, sum = 0.0;
  int count = 0;
  while (count < 3 && scanf("%lf", &grade) == 1) {
    sum += grade;
    count++;
  }
  if (count != 3) {
    printf("invalid input\n");
    return 1;
  }
  double avg = sum / count;
  printf("%.2f\n", avg);
  if (avg < 5.5) printf("FAIL\n");
  else printf("PASS\n");
  return 0;
}
