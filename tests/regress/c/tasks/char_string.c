// Task style (issue 17): a char array from a string literal: its length up to the terminating 0; the buggy
// count includes the terminator.
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
int length(const char *s) {
  int n = 0;
  while (s[n] != 0)
    n++;
  return n;
}
int main(void) {
  char s[] = "hello";
  if (length(s) != 5 || sizeof(s) != 6)
    reach_error();
  s[2] = 0;
  if (length(s) != 2)
    reach_error();
  return 0;
}
int buggy(void) {
  char s[] = "hello";
  int n = 0;
  while (n < 6 && s[n] != 0)
    n++;
  if (n + 1 != 5)
    reach_error();
  return 0;
}
