// The reference of ../suite_left_out.c: it reads argv[2] without checking argc.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int d = atoi(argv[1]) - atoi(argv[2]);
  if (d < 0)
    d = -d;
  printf("%d\n", d);
  return 0;
}
