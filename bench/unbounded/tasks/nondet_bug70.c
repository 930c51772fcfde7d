// unsafe: the error needs 70 iterations of a loop up to an input bound.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) {
    i++;
    if (i == 70)
      reach_error();
  }
  return 0;
}
