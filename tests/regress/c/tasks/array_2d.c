// Task style (issue 17): a two-dimensional array filled row by row; an index outside a dimension is a failure
// even inside the object.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 6
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 6 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define R 4
#define C 5
int m[R][C];
int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = i * 10 + j;
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= i && i < R && 0 <= j && j < C);
  if (m[i][j] != i * 10 + j)
    reach_error();
  return 0;
}
int buggy(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = i * 10 + j;
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= j && j <= C);
  return m[1][j]; // m[1][5] is inside the object but outside its row
}
