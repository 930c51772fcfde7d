// The reference of ../reference_usage.c: the smallest of three command-line integers.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 4) {
    printf("usage: smallest A B C\n");
    return 1;
  }
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int c = atoi(argv[3]);
  int s = a;
  if (b < s)
    s = b;
  if (c < s)
    s = c;
  printf("smallest: %d\n", s);
  return 0;
}
