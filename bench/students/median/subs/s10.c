#include <stdio.h>
#include <ctype.h>

int readint(void) {
  int c = getchar();
  while (c == ' ' || c == '\n' || c == '\t')
    c = getchar();
  int neg = 0;
  if (c == '-') {
    neg = 1;
    c = getchar();
  }
  int n = 0;
  while (isdigit(c)) {
    n = n * 10 + (c - '0');
    c = getchar();
  }
  return neg ? -n : n;
}

int main(void) {
  int a = readint(), b = readint(), c = readint();
  int m = a;
  if ((b - a) * (b - c) <= 0) m = b;
  else if ((c - a) * (c - b) <= 0) m = c;
  printf("%d\n", m);
  return 0;
}
