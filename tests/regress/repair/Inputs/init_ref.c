// The reference of init.c: the sum of three integers.
#include <stdio.h>

int main(void) {
  int v[3];
  if (scanf("%d %d %d", &v[0], &v[1], &v[2]) != 3)
    return 1;
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += v[i];
  printf("%d\n", sum);
  return 0;
}
