// Floating point: float and double arithmetic (rounded to nearest even in its own type), comparisons (NaN
// unordered, -0 == +0), conversions between the integer types, float and double (truncation toward zero),
// <math.h>'s fabs, sqrt, floor, ceil, round and trunc, printf's %f %e %g with flags, width and precision, and
// scanf's %f and %lf as glibc reads them (inf, nan, hexadecimal, a partial exponent).
// CMD:
// CMD: 1
// CMD: 2 <<< 3.25 -0.5
// CMD: 2 <<< 1e308 1e308
// CMD: 2 <<< 0x1.8p1 .5e-3
// CMD: 2 <<< inf nan
// CMD: 2 <<< 1e+x 2
// CMD: 2 <<< -x 2
// CMD: 2 <<<
// CMD: 3 <<< 7 2.5 1.5 -2.5 0.49999999999999994 16777217
// CMD: 3 <<< 4 1e10 -1e10 3.999 100
// CMD: 4 <<< 12.5 0.1 7 2
// CMD: 4 <<< 1 x
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double mean(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return n > 0 ? s / n : 0.0;
}

void arith(void) {
  double x = 0.1, y = 0.2;
  float f = 0.1f, g = 16777216.0f;
  printf("%.17g %d %d\n", x + y, x + y == 0.3, x + y > 0.3);
  printf("%.9g %.9g %d\n", f * 3, g + 1.0f, (float)(g + 1.0f) == g);
  printf("%f %e %g %g %g\n", 1.0 / 3, 1.0 / 3, 1.0 / 3, 1e-5, 123456789.0);
  printf("[%10.3f] [%-10.2e] [%+g] [% .0f] [%#.0f] [%08.3f] [%G] [%E] [%F]\n", 3.14159, -2.5e-7, 2.0, 2.5, 3.0,
         -1.5, 1e-10, 12345.678, 0.5);
  double z = 0.0, inf = 1.0 / z, nan = z / z;
  printf("%f %f %f %f %e %g\n", inf, -inf, nan, -nan, -0.0, -inf);
  printf("%d %d %d %d %d\n", nan == nan, nan != nan, nan < 1, -0.0 == 0.0, inf > 1e308);
  printf("%.1f %.1f %.1f %.0f %.0f %.0f\n", 0.25, 0.35, 2.5, 0.5, 1.5, 2.5);
  printf("%g %g %g %g %g %g\n", fabs(-3.5), sqrt(2.0), floor(-2.5), ceil(-2.5), round(-2.5), trunc(-2.7));
  printf("%g %g %g %d\n", round(0.5), round(1.5), floor(3.0), sqrt(-1.0) != sqrt(-1.0));
  printf("%g %g %g\n", fabsf(-1.25f), sqrtf(2.0f), roundf(2.5f));
  double a[4] = {1.5, 2.25, -0.75, 10};
  printf("%.4f\n", mean(a, 4));
  int i = 7;
  double d = i / 2, e = i / 2.0;
  unsigned u = 3000000000u;
  long l = -9007199254740993L;
  printf("%f %f %f %.1f %.1f\n", d, e, (double)u, (double)l, (float)l);
  printf("%d %d %d %ld %ld\n", (int)2.9, (int)-2.9, (int)(float)1e9, (long)(unsigned)4e9, (long)-1e18);
  char c = 65.7;
  _Bool b = 0.1, nb = 0.0;
  printf("%d %d %d\n", c, b, nb);
  double acc = 0;
  for (int k = 0; k < 10; k++)
    acc += 0.1;
  printf("%.17g %d\n", acc, acc == 1.0);
  float fs = 0;
  for (int k = 0; k < 1000; k++)
    fs += 0.001f;
  printf("%.9g\n", fs);
  double m = 5;
  m /= 2;
  m *= 3;
  m -= 0.5;
  m++;
  --m;
  printf("%g %g\n", m, -m);
  if (m)
    printf("true\n");
  printf("%g\n", 1e308 * 10 - 1e308 * 10 == 0 ? 1.0 : 0.0);
}

void read_two(void) {
  double x = -1;
  float y = -1;
  int n = scanf("%lf %f", &x, &y);
  printf("%d %.17g %.9g\n", n, x, y);
  int k = scanf("%lf", &x);
  printf("%d %g\n", k, x);
}

void conversions(void) { /* a count, then that many doubles, each converted to int when in range */
  int n = 0;
  if (scanf("%d", &n) != 1)
    return;
  for (int i = 0; i < n; i++) {
    double v;
    if (scanf("%lf", &v) != 1)
      break;
    float f = v;
    if (v > -2147483648.0 && v < 2147483648.0)
      printf("%d %d %.9g %.0f\n", (int)v, (int)f == (int)v, f, v);
    else
      printf("out of range %g\n", v);
  }
}

void grades(void) { /* the median of three numbers and a weighted average */
  double a, b, c;
  if (scanf("%lf %lf %lf", &a, &b, &c) != 3) {
    printf("bad input\n");
    exit(1);
  }
  double lo = a < b ? a : b, hi = a < b ? b : a;
  double med = c < lo ? lo : c > hi ? hi : c;
  printf("median %.2f\n", med);
  printf("average %.3f\n", (a * 2 + b + c) / 4);
  int rounded = (int)(med + 0.5);
  printf("rounded %d\n", rounded);
}

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  switch (mode) {
  case 1: arith(); break;
  case 2: read_two(); break;
  case 3: conversions(); break;
  case 4: grades(); break;
  default: printf("%.2f\n", 2.0 / 3);
  }
  return 0;
}
