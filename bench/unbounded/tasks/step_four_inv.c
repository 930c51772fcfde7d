// safe: step_four.c with the invariant x % 4 == 0 and x >= 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = 0;
  while (x < 100000) {
#pragma locus invariant x % 4 == 0 && x >= 0
    x += 4;
  }
  if (x % 4 != 0)
    reach_error();
  return 0;
}
