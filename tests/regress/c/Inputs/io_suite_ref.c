// The reference of io_suite.c: the distance of two command-line integers.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int d = a - b;
  if (d < 0)
    d = -d;
  printf("%d\n", d);
  return 0;
}
