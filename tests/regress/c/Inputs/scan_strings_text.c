// scanf "%d,%s": whether the ',' matched is not known to the lowering of the %s (../scan_strings.c).
#include <stdio.h>

int main(void) {
  int n;
  char w[8];
  return scanf("%d,%s", &n, w);
}
