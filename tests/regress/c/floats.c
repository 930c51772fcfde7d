// C front end, floating point: float and double variables, literals, arithmetic in each type, comparisons,
// the usual arithmetic conversions, casts (truncation toward zero; out of range: a `bounds` failure),
// <math.h>'s exact functions, printf's float conversions and scanf's %f/%lf as glibc does them; verification
// with the FloatingPoint theory (on cvc5: z3 takes a minute here; z3 runs regress/run/floats.gcl).
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 0
// CHECK: output: "0.30000000000000004 1\n0.333 3.333333e-01 0.333333 [  -2.50]\n-nan inf -0 2 -3 3\n"
// RUN: printf '2.5 x' > %t/in && locus run %s --entry reader --stdin %t/in
// CHECK: outcome: ok
// CHECK: result: 1
// CHECK: output: "1 2.500000 -1.000000\n"
// RUN: locus run %s --entry toint --args 3000000000
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: floats.c:60:
// RUN: locus verify %s --entry safe --ints bv32 --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --entry unsafe --ints bv32 --solver %solver
// EXIT: 1
// CHECK: FAILED
// CHECK: counterexample (replayed by the interpreter)
// SOLVERS: cvc5
#include <assert.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  double x = 0.1, y = 0.2;
  printf("%.17g %d\n", x + y, x + y > 0.3);
  printf("%.3f %e %g [%7.2f]\n", 1.0 / 3, 1.0 / 3, 1.0 / 3, -2.5);
  double z = 0.0;
  printf("%g %g %g %g %g %g\n", z / z, 1 / z, -z, floor(2.5), round(-2.5), ceil(2.1));
  return 0;
}

int reader(void) {
  double d = -1, e = -1;
  int n = scanf("%lf %lf", &d, &e);
  printf("%d %f %f\n", n, d, e);
  return n;
}

int safe(int k) {
  double d = k;
  assert((int)d == k); // every int is a double
  if (k > 0)
    assert(fabs(-d) == d && floor(d) == d);
  return 0;
}

int unsafe(int k) {
  float f = k;
  assert((int)f == k); // fails from 2^24 + 1 on
  return 0;
}

int toint(long v) {
  double d = v;
  int i = d;
  return i;
}
