#include <stdio.h>

int main() {
  int x, y, z;
  int median;
  scanf("%d %d %d", &x, &y, &z);
  if ((x >= y && x <= z) || (x <= y && x >= z))
    median = x;
  else if ((y >= x && y <= z) || (y <= x && y >= z))
    median = y;
  else if (z > x && z < y)
    median = z;
  printf("%d\n", median);
  return 0;
}
