// Verification-task conventions (issue 17 item 6): `.i` files are C (a preprocessed task with line
// markers); __VERIFIER_error() is reach_error(); a call to reach_error is the violation even where the
// file defines it with an empty body; glibc's assert as gcc preprocesses it in gnu mode (a statement
// expression) is an assertion.
// RUN: locus verify %S/Inputs/task.i
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: __VERIFIER_error() reached
// CHECK: nondet: 4294967295
// RUN: locus verify %S/Inputs/task.i --ints bv32
// EXIT: 1
// CHECK: FAILED
// RUN: locus verify %S/Inputs/gnu_assert.i
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: y != 21
// CHECK: gnu_assert.i:18:
// CHECK: nondet: 10
// RUN: locus run %S/Inputs/gnu_assert.i --nondet 3
// CHECK: outcome: ok
// RUN: locus verify %s
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: reach_error() reached
// CHECK: tasks.c:32:
// RUN: locus verify %s --entry safe
// CHECK: SAFE
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10)
    return 0;
  if (x * 2 == 14)
    reach_error();
  return 0;
}
int safe(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 5)
    reach_error();
  return 0;
}
