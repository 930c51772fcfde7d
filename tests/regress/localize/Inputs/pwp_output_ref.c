#include <stdio.h>

int main(void) {
  int a = 0, b = 0;
  scanf("%d %d", &a, &b);
  int lo = a;
  int hi = b;
  if (a > b) {
    lo = b;
    hi = a;
  }
  printf("lo %d\n", lo);
  printf("hi %d\n", hi);
  return 0;
}
