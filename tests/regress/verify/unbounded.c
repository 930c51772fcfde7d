// Beyond a fixed bound in C, in the style of verification tasks (issue 34; unbounded.gcl has the rest).
// A bug at iteration 50: a fixed bound of 32 cannot find it, --unwind auto finds it at bound 64.
// RUN: locus verify %s --entry deep --unwind 32
// EXIT: 3
// CHECK: UNKNOWN: unwinding assertion: loop not finished after 32 iterations
// RUN: locus verify %s --entry deep --unwind auto
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: reach_error() reached
// CHECK: counterexample (replayed by the interpreter):
// A counter to 100 000 (unsigned, the condition's value in a temporary): k-induction proves it.
// RUN: locus verify %s --k-induction
// CHECK: SAFE (k-induction, k = 2: every input)
// RUN: locus verify %s --unwind auto --max-unwind 128
// EXIT: 3
// CHECK: search: the deepest bound reached: 128
// Two counters: k-induction cannot prove `i == j` after the loop without an invariant ...
// RUN: locus verify %s --entry counters --k-induction --max-unwind 32
// EXIT: 3
// CHECK: search: the deepest bound reached: 32
// CHECK-SAME: k-induction: the step fails at k = 32
// ... with `#pragma locus invariant` at the start of the loop's body it is 1-inductive.
// RUN: locus verify %s --entry counters_inv --k-induction
// CHECK: SAFE (k-induction, k = 1: every input)
// RUN: locus ir %s
// CHECK: while (b0) invariant i == j {
// A wrong invariant (it holds for 1000 iterations, and would make the false check after the loop follow)
// is never SAFE.
// RUN: locus verify %s --entry wrong_inv --k-induction --max-unwind 32
// EXIT: 3
// CHECK: k-induction: the step fails at k = 32: the loop's invariant is not inductive
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  unsigned int x = 0;
  while (x < 100000)
    x++;
  if (x != 100000)
    reach_error();
  return 0;
}
int deep(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  int s = 0;
  while (i < n) {
    s += 2;
    i++;
    if (i == 50 && s == 100)
      reach_error();
  }
  return 0;
}
int counters(void) {
  unsigned int i = 0, j = 0;
  while (i < 100000) {
    i++;
    j++;
  }
  if (i != j)
    reach_error();
  return 0;
}
int counters_inv(void) {
  unsigned int i = 0, j = 0;
  while (i < 100000) {
#pragma locus invariant i == j
    i++;
    j++;
  }
  if (i != j)
    reach_error();
  return 0;
}
int wrong_inv(void) {
  int i = 0;
  for (; i < 100000; i++) {
#pragma locus invariant i <= 1000
  }
  if (i > 1000)
    reach_error();
  return 0;
}
