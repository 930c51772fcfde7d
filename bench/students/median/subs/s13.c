#include <stdio.h>
int main(void) {
  int v[3], n = 0, x;
  while (n < 3 && scanf("%d", &x) == 1)
    v[n++] = x;
  if (n < 3) {
    printf("invalid input\n");
    return 1;
  }
  int lo = 0, hi = 0;
  for (int i = 1; i < 3; i++) {
    if (v[i] < v[lo]) lo = i;
    if (v[i] >= v[hi]) hi = i;
  }
  printf("%d\n", v[3 - lo - hi]);
  return 0;
}
