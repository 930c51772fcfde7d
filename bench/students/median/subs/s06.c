#include <stdio.h>

int main(void) {
  int v[3];
  int i, j;
  for (i = 0; i < 3; i++)
    scanf("%d", &v[i]);
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2 - i; j++)
      if (v[j] > v[j + 1]) {
        int t = v[j];
        v[j] = v[j + 1];
        v[j + 1] = t;
      }
  printf("%d\n", v[1]);
  return 0;
}
