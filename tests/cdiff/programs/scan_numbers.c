// scanf's %u, %x, %X, %o with their length modifiers, and field widths on every numeric conversion and on
// %c (issue 33): strtoul's value (a sign accepted, an overflow clamped), the `0x` prefix of %x, fields that
// cut a number (the rest stays in the input), `%2d:%2d` times, one digit at a time with `%1d`, `%3c` into a
// char array (no 0 stored), widths on %f and %lf, the count scanf returns. Every `// CMD:` line runs gcc's
// binary and `locus run`.
// CMD: 1 <<< 42 ff 17
// CMD: 1 <<< -1 0xFF 0777
// CMD: 1 <<< 18446744073709551615 0X1f 8
// CMD: 1 <<< 99999999999999999999 -0x10 -7
// CMD: 1 <<< +5 0x -
// CMD: 1 <<< 7 g
// CMD: 1 <<<
// CMD: 2 <<< 12:34
// CMD: 2 <<< 9:05 23:59
// CMD: 2 <<< 1234:5
// CMD: 2 <<< 12: 3
// CMD: 2 <<< -1:-2
// CMD: 3 <<< 90210
// CMD: 3 <<< 7 1 2\n
// CMD: 3 <<< -12
// CMD: 3 <<< 000123456789
// CMD: 4 <<< abcdef
// CMD: 4 <<< a b\ncd
// CMD: 4 <<< xy
// CMD: 5 <<< 3.14159 2.718281828
// CMD: 5 <<< 1e10 -5
// CMD: 5 <<< 12345.5 0x1p4
// CMD: 6 <<< 300 70000 -1 18446744073709551616 123abc 99
// CMD: 6 <<< 255 65535 4294967295 1 7fffffffffffffff 18
// CMD: 7 <<< 0x1f0x2 1234567
// CMD: 7 <<< -0x5 +12 0777
// CMD: 7 <<< 0x1 0x2 1234567 17
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 1) { /* %u %x %o */
    unsigned u = 1, x = 2, o = 3;
    int r = scanf("%u %x %o", &u, &x, &o);
    printf("r=%d u=%u x=%x o=%o (%d %d)\n", r, u, x, o, (int)u, (int)x);
  }
  if (mode == 2) { /* times, and the rest of the line */
    int h = -1, m = -1;
    while (scanf("%2d:%2d", &h, &m) == 2)
      printf("%02d:%02d = %d minutes\n", h, m, h * 60 + m);
    printf("stopped at %d %d\n", h, m);
  }
  if (mode == 3) { /* one digit at a time */
    int d = 0, sum = 0, n = 0;
    while (scanf("%1d", &d) == 1) {
      sum += d;
      n++;
      printf("%d ", d);
    }
    printf("\n%d digits, sum %d\n", n, sum);
  }
  if (mode == 4) { /* %3c into a char array: no 0 after the bytes */
    char s[4] = "---", t[3] = {'.', '.', '.'};
    int r = scanf("%3c", s);
    printf("r=%d [%s]\n", r, s);
    r = scanf("%2c", t);
    printf("r=%d [%c%c%c]\n", r, t[0], t[1], t[2]);
  }
  if (mode == 5) { /* widths on %f and %lf */
    float f = 0;
    double d = 0;
    int r = scanf("%5f%4lf", &f, &d);
    printf("r=%d %.3f %.3f\n", r, f, d);
    r = scanf("%lf", &d);
    printf("r=%d %.3f\n", r, d);
  }
  if (mode == 6) { /* length modifiers */
    unsigned char hh = 1;
    unsigned short h = 2;
    unsigned long l = 3;
    unsigned long long ll = 4;
    size_t z = 5;
    long j = 6;
    int r = scanf("%hhu %hu %lu %llu %lx %2zu", &hh, &h, &l, &ll, &j, &z);
    printf("r=%d %u %u %lu %llu %ld %zu\n", r, hh, h, l, ll, j, z);
  }
  if (mode == 7) { /* widths on %x, %i, %d, %o */
    unsigned a = 0, b = 0, c = 0;
    int i = 0, k = 0;
    int r = scanf("%3x%2i %3d %2o", &a, &i, &k, &c);
    printf("r=%d a=%u i=%d k=%d c=%o\n", r, a, i, k, c);
    r = scanf("%u", &b);
    printf("r=%d b=%u\n", r, b);
  }
  return 0;
}
