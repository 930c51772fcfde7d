// Task style (issue 17): `int **` to a local pointer to a local int: writes through two levels reach the int.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = 0, y = 0;
  int *p = &x;
  int **pp = &p;
  **pp = 5;
  *pp = &y;
  **pp = 7;
  if (x != 5 || y != 7 || p != &y)
    reach_error();
  return 0;
}
int buggy(void) {
  int x = 0, y = 0;
  int *p = &x;
  int **pp = &p;
  *pp = &y;
  **pp = 5;
  if (x != 5)
    reach_error();
  return 0;
}
