// reference_stdin.c's reference: a score of 50 passes.
#include <stdio.h>

int main(void) {
  int a, b;
  if (scanf("%d,%d", &a, &b) != 2) {
    printf("two scores, please\n");
    return 1;
  }
  printf("passed %d\n", (a >= 50) + (b >= 50));
  return 0;
}
