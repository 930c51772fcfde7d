// The integer library and printf's fields as introductory courses use them (issue 33): abs/labs/llabs,
// %u %x %X %o %ld %lld %lu %hd, the flags '-+ 0', field widths and precisions, scanf's length modifiers,
// %% and formats without conversions. Every `// CMD:` line runs gcc's binary and `locus run`.
// CMD: 1 <<< 3 9 4
// CMD: 1 <<< -5 -5 2
// CMD: 1 <<< 7 x
// CMD: 2 <<< 0
// CMD: 2 <<< -2147483648
// CMD: 2 <<< 12345
// CMD: 3 <<< -9000000000 70000 -3
// CMD: 3 <<< 9223372036854775807 -32768 200
// CMD: 4 <<< 50%\n 7
// CMD: 4 <<< 50 % 7
// CMD: 4 <<< 50
// CMD: 5 <<<   \n\n 42\n
// CMD: 5 <<< x
// CMD: 5 <<<
// CMD: 6 <<< 7 3 -1 -9 42 0
#include <stdio.h>
#include <stdlib.h>

int median3(void) { /* mode 1: the median and the smallest of three numbers */
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) {
    printf("need three numbers\n");
    return 1;
  }
  int lowest = a;
  if (b < lowest)
    lowest = b;
  if (c < lowest)
    lowest = c;
  int med = a;
  if ((a <= b && b <= c) || (c <= b && b <= a))
    med = b;
  else if ((a <= c && c <= b) || (b <= c && c <= a))
    med = c;
  printf("median: %4d|smallest: %-4d|distance: %03d\n", med, lowest, abs(med - lowest));
  return 0;
}

void digits(void) { /* mode 2: the digits of a number, most significant first */
  int n = 0;
  scanf("%d", &n);
  long m = labs((long)n);
  long p = 1;
  while (p * 10 <= m)
    p *= 10;
  printf("%+d:", n);
  for (; p > 0; p /= 10)
    printf(" %ld", m / p % 10);
  printf("\n%u %x %X %o\n", n, n, n, n);
}

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 1)
    return median3();
  if (mode == 2) {
    digits();
    return 0;
  }
  if (mode == 3) {
    long l = 0;
    short h = 0;
    signed char t = 0;
    int n = scanf("%ld %hd %hhd", &l, &h, &t);
    printf("%d: [%ld] [%lu] [%lx] [%20lld] [%-+8hd] [%hhd] [%5.3hu] [%llu]\n", n, l, l, l, (long long)l, h, t, h,
           llabs((long long)l));
    return 0;
  }
  if (mode == 4) {
    int pct = 0, k = 0;
    int n = scanf("%d%%%d", &pct, &k);
    printf("%d read: %d%% of %d is %.2d\n", n, pct, k, pct * k / 100);
    return 0;
  }
  if (mode == 5) {
    int x = -1;
    int r = scanf("\n");
    int s = scanf(" %d", &x);
    printf("%d %d % 5d|%-5X|%.0u|\n", r, s, x, x, 0u);
    return 0;
  }
  if (mode == 6) {
    int x = 0, sum = 0;
    while (scanf("%d", &x) == 1) {
      printf("%5d%5x%5o|%-5c|\n", x, (unsigned)x & 0xff, x & 7, 'a' + (x & 15));
      sum += abs(x);
    }
    printf("sum of absolute values: %08d\n", sum);
    return 0;
  }
  return 2;
}
