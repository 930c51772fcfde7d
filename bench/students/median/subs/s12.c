#include <stdio.h>
int main(void) {
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("invalid input\n");
    return 1;
  }
  int m = a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b));
  printf("%d\n", m);
  return 0;
}
