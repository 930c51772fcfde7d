// The reference of guard.c: the larger of two integers, or "bad input" (exit 2) when the input does not
// start with two integers.
#include <stdio.h>

int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) {
    printf("bad input\n");
    return 2;
  }
  printf("%d\n", a > b ? a : b);
  return 0;
}
