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
