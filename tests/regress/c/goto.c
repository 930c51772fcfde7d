// goto (issue 17 item 3): forward jumps are guard flags (`jump := code`; the statements up to the label do
// not run), backward jumps are loops around the statements from the label to the goto, bounded for
// verification like any loop (--unwind, `#pragma locus unwind K` before the label, the unwinding check),
// `L: goto L;` is `while (true) {}`. frontend/c/README.md has the scheme; tests/cdiff/programs/goto.c checks
// the same kinds of jumps against gcc.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 6
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: reach_error() reached
// CHECK: goto.c:72:3
// CHECK: nondet: {{3|4}}
// RUN: locus verify %s --solver %solver --entry safe --unwind 6
// CHECK: SAFE (up to unwind 6;
// RUN: locus verify %s --solver %solver --entry safe --unwind 3
// EXIT: 3
// CHECK: UNKNOWN: unwinding assertion: loop not finished after 3 iterations
// CHECK: goto.c:81:1
// RUN: locus verify %s --solver %solver --entry bounded --unwind 2
// CHECK: SAFE (up to unwind 2; loop #{{[0-9]+}} at {{.*}}goto.c:99:1: 11)
// RUN: locus verify %s --solver %solver --entry stops --unwind 2
// EXIT: 3
// CHECK: UNKNOWN: unwinding assertion
// CHECK: goto.c:111:5
// RUN: locus verify %s --solver %solver --entry stops --unwind 2 --no-unwinding-assertions
// CHECK: SAFE
// RUN: locus run %s --entry stops --args 1
// CHECK: result: 2
// RUN: locus verify %s --solver %solver --entry skipped
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: inputs: c = {{-?[1-9][0-9]*}}
// RUN: locus run %s --entry skipped --args 0 --nondet 5
// CHECK: outcome: ok
// RUN: locus verify %s --solver %solver --entry inloop --unwind 3
// EXIT: 1
// CHECK: FAILED: assert
// CHECK: inputs: c = {{[0-9]+}}
// RUN: locus verify %s --solver %solver --entry bypass
// EXIT: 1
// CHECK: FAILED: assert
// RUN: locus run %s --entry bypass --args 0
// CHECK: outcome: ok
// RUN: locus ir %s
// CHECK-LABEL: proc main
// CHECK: temp jump: int
// CHECK: while (true) {
// CHECK: [{{b[0-9]+}}] jump := 1;
// CHECK: [{{b[0-9]+}}] continue;
// CHECK: break;
// CHECK-LABEL: proc stops
// CHECK: while (true) {
// CHECK-NEXT: }
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4)
    return 0;
  int s = 0, i = 0;
top:
  if (i >= n)
    goto done;
  s += i;
  i++;
  goto top;
done:
  if (s == 3 || s == 6) // n is 3 or 4
    goto ERROR;
  return 0;
ERROR:
  reach_error();
  return 1;
}

int safe(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4)
    return 0;
  int s = 0, i = 0;
top:
  if (i >= n)
    goto done;
  s += i;
  i++;
  goto top;
done:
  if (s != n * (n - 1) / 2)
    goto ERROR;
  return 0;
ERROR:
  reach_error();
  return 1;
}

int bounded(void) {
  int i = 0;
#pragma locus unwind 11
again:
  i++;
  if (i < 10)
    goto again;
  if (i != 10)
    reach_error();
  return i;
}

int stops(int x) {
  if (x > 3) {
  STOP:
    goto STOP;
  }
  if (x > 5)
    reach_error();
  return x + 1;
}

// Indeterminate values with jumps: a goto that skips the write of a local, a label inside a loop after
// which a break skips the write, a jump into a block past a declaration (the local is nondet at the label).
int skipped(int c) {
  int x;
  if (c)
    goto L;
  x = 1;
L:
  __VERIFIER_assert(x == 1); // fails when c != 0
  return 0;
}

int inloop(int c) {
  int x;
  for (int i = 0; i < 2; i++) {
    if (c)
      goto L;
    x = 1;
  L:
    if (c > 5)
      break;
    x = 2;
  }
  __VERIFIER_assert(x == 1 || x == 2); // fails when c > 5
  return 0;
}

int bypass(int c) {
  if (c)
    goto in;
  {
    int y = 3;
  in:
    __VERIFIER_assert(y == 3); // fails when c != 0
  }
  return 0;
}
