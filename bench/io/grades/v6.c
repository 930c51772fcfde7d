// grades — a programming-course exercise: read the number of scores, then the scores (0 to 100), and print
// their count, minimum, maximum, average (rounded down) and how many passed (50 or more).
#include <stdio.h>

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n <= 0) {
    printf("no scores\n");
    return 1;
  }
  int count = 0, sum = 0, min = 101, max = -1, passed = 0;
  for (int i = 0; i < n; i++) {
    int s;
    if (scanf("%d", &s) != 1) {
      printf("bad input after %d scores\n", count);
      return 1;
    }
    if (s < 0 || s > 100) {
      printf("score %d out of range\n", s);
      return 1;
    }
    count++;
    sum += s;
    if (s < min)
      min = s;
    if (s > min)
      max = s;
    if (s >= 50)
      passed++;
  }
  printf("count %d min %d max %d\n", count, min, max);
  printf("average %d\n", sum / count);
  printf("passed %d of %d\n", passed, count);
  return 0;
}
