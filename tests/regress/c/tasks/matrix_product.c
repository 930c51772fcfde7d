// Task style (issue 17): a 3x3 matrix product with the identity is the matrix; the buggy product transposes.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 4
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 4 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 3
void mul(int a[N][N], int b[N][N], int c[N][N], int bad) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      c[i][j] = 0;
      for (int k = 0; k < N; k++)
        c[i][j] += bad ? a[k][i] * b[j][k] : a[i][k] * b[k][j];
    }
}
int check(int bad) {
  int a[N][N], id[N][N], c[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = __VERIFIER_nondet_int();
      __VERIFIER_assume(a[i][j] > -50 && a[i][j] < 50);
      id[i][j] = i == j;
    }
  mul(a, id, c, bad);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (c[i][j] != a[i][j])
        reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
