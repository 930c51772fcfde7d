// A reference of ../reference_events.c that prints each line in pieces (10 is big): compared as strings
// (cvc5) or print by print (z3).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int x = argc > 1 ? atoi(argv[1]) : 0;
  printf(x >= 10 ? "big " : "small ");
  printf("%d", x);
  printf("\n");
  printf("done\n");
  return 0;
}
