// Task style (issue 17): rows of a 2-D array passed as `int *` to a function that sums them; the buggy caller
// passes one row too far.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 5
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 5 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define R 3
#define C 4
int row_sum(int *row, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += row[i];
  return s;
}
int m[R][C];
int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = i;
  for (int i = 0; i < R; i++)
    if (row_sum(m[i], C) != C * i)
      reach_error();
  return 0;
}
int buggy(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m[i][j] = i;
  int s = 0;
  for (int i = 0; i <= R; i++)
    s += row_sum(m[i], C);
  return s;
}
