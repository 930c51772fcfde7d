// safe: sum_const.c with the loop invariant s == 2 * i (`#pragma locus invariant`, docs/c.md).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int i = 0, s = 0;
  while (i < 10000) {
#pragma locus invariant s == 2 * i
    i++;
    s += 2;
  }
  if (s != 2 * i)
    reach_error();
  return 0;
}
