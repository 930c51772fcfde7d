#include <stdio.h>

int max(int a, int b) { return a > b ? a : b; }
int min(int a, int b) { return a < b ? a : b; }

int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  int hi = max(a, max(b, c));
  int lo = min(a, min(b, c));
  printf("%d\n", a + b + c - hi - lo);
  return 0;
}
