#include <stdio.h>
#include <ctype.h>

int main(void) {
  int c = getchar();
  int first = 1;
  while (c == ' ') c = getchar();
  if (c == '-') c = getchar();
  if (!isdigit(c)) {
    printf("invalid input\n");
    return 1;
  }
  while (c != EOF && isdigit(c)) {
    if (!first) putchar(' ');
    putchar(c);
    first = 0;
    c = getchar();
  }
  putchar('\n');
  return 0;
}
