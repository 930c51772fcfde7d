// C front end, standard input into memory: scanf into an array element with a variable index, into a boxed
// scalar (its address is also passed to a function), and through an int pointer: each scanned into a
// temporary and written back (the old value stays when nothing is read).
// RUN: printf '3 4 5 6 7' > %t/in && locus run %s --stdin %t/in
// CHECK: outcome: ok
// CHECK: result: 25
// CHECK: output: "3 4 5 | 6 7\n"
// RUN: printf '1' > %t/short && locus run %s --stdin %t/short
// CHECK: output: "1 0 0 | 0 -1\n"
#include <stdio.h>

void twice(int *p) { *p *= 2; }

int main(void) {
  int a[3] = {0};
  for (int i = 0; i < 3; i++)
    scanf("%d", &a[i]);
  int x = 0;
  scanf("%d", &x);
  int *p = a;
  int y = -1;
  int *q = &y;
  scanf("%d", q);
  printf("%d %d %d | %d %d\n", a[0], a[1], a[2], x, y);
  twice(&x);
  return a[0] + *(p + 1) + a[2] + x + (y > 0);
}
