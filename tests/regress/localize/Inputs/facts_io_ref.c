#include <stdio.h>

int main(void) {
  int n, s;
  int count = 0, passed = 0;
  if (scanf("%d", &n) != 1)
    return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &s) != 1)
      return 1;
    count++;
    if (s >= 50)
      passed++;
  }
  printf("passed %d of %d\n", passed, count);
  return 0;
}
