// The reference of gradient_reference.c: more variables than the program has.
#include <stdio.h>
int main(void) {
  int a = 0, b = 0, c, d, e, f;
  if (scanf("%d %d", &a, &b) != 2)
    return 1;
  c = a;
  d = b;
  e = c + d;
  f = e;
  printf("%d\n", f);
  return 0;
}
