// unsafe: the countdown stops at 1 (after 99 999 iterations), so the check after the loop fails.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  unsigned int n = 100000;
  while (n > 1)
    n--;
  if (n != 0)
    reach_error();
  return 0;
}
