// The reference of ../suite.c: the distance of two command-line integers.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 3)
    return 2;
  int d = atoi(argv[1]) - atoi(argv[2]);
  if (d < 0)
    d = -d;
  printf("%d\n", d);
  return 0;
}
