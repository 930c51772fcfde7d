// Task style (issue 17): an array of point structs (one array per field): the bounding box contains every
// point; the buggy box ignores the last point.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 5
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 5 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 4
struct pt { int x, y; };
int check(int bad) {
  struct pt p[N];
  for (int i = 0; i < N; i++) {
    p[i].x = __VERIFIER_nondet_int();
    p[i].y = __VERIFIER_nondet_int();
  }
  int lox = p[0].x, hix = p[0].x, loy = p[0].y, hiy = p[0].y;
  for (int i = 1; i < N - bad; i++) {
    if (p[i].x < lox) lox = p[i].x;
    if (p[i].x > hix) hix = p[i].x;
    if (p[i].y < loy) loy = p[i].y;
    if (p[i].y > hiy) hiy = p[i].y;
  }
  for (int i = 0; i < N; i++)
    if (p[i].x < lox || p[i].x > hix || p[i].y < loy || p[i].y > hiy)
      reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
