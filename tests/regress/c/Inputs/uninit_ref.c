// The reference of uninit_reads.c's main: the smaller of two numbers.
#include <stdio.h>

int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2)
    return 1;
  printf("%d\n", a < b ? a : b);
  return 0;
}
