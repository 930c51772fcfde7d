// Task style (issue 17): a search that jumps to `found` or `not_found` labels; the buggy loop jumps past the
// last element.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 7 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 5
int find(int *a, int x, int bad) {
  int i = 0;
loop:
  if (i >= N + bad)
    goto not_found;
  if (a[i] == x)
    goto found;
  i++;
  goto loop;
found:
  return i;
not_found:
  return -1;
}
int check(int bad) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  int r = find(a, x, bad);
  if (r >= 0 && a[r] != x)
    reach_error();
  if (r < 0)
    for (int i = 0; i < N; i++)
      if (a[i] == x)
        reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
