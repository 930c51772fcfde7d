// The reference of ../reference_events.c: 10 is big.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int x = argc > 1 ? atoi(argv[1]) : 0;
  if (x >= 10)
    printf("big %d\n", x);
  else
    printf("small %d\n", x);
  printf("done\n");
  return 0;
}
