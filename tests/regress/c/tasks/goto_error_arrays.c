// Task style (issue 17): `goto ERROR` from inside nested loops over a 2-D array; the buggy matrix breaks the
// symmetry it checks.
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
int m[N][N];
int check(int bad) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = i + j + (bad && i == 2 && j == 3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (m[i][j] != m[j][i])
        goto ERROR;
  return 0;
ERROR:
  reach_error();
  return 1;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
