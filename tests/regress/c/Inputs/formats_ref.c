// The reference of ../formats.c: the same fields printed digit by digit with putchar.
#include <stdio.h>

int hexchar(int d) { return d < 10 ? '0' + d : 'a' + d - 10; }

int main(void) {
  int n = 0;
  if (scanf("%d", &n) != 1)
    return 1;
  int m = n % 1000;
  putchar('[');
  if (m < 0) {
    putchar('-');
    m = -m;
  } else {
    putchar('0');
  }
  putchar('0' + m / 100);
  putchar('0' + m / 10 % 10);
  putchar('0' + m % 10);
  putchar('|');
  unsigned u = (unsigned)n & 0xfff;
  if (u >= 256)
    putchar(hexchar(u >> 8));
  if (u >= 16)
    putchar(hexchar((u >> 4) & 15));
  putchar(hexchar(u & 15));
  if (u < 16)
    putchar(' ');
  if (u < 256)
    putchar(' ');
  putchar(']');
  putchar('\n');
  return 0;
}
