// safe: a loop up to an input bound ends with the counter at the bound.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 1000000);
  int i = 0;
  while (i < n)
    i++;
  if (i != n)
    reach_error();
  return 0;
}
