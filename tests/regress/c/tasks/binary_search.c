// Task style (issue 17): binary search on a sorted array finds a present element; the buggy loop condition
// misses a one-element range.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 7 --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define N 6
int search(int *a, int n, int x, int bad) {
  int lo = 0, hi = n - 1;
  while (bad ? lo < hi : lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == x)
      return mid;
    if (a[mid] < x)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}
int check(int bad) {
  int a[N];
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    if (i > 0)
      __VERIFIER_assume(a[i - 1] < a[i]);
  }
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N);
  if (search(a, N, a[k], bad) != k)
    reach_error();
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
