// safe: two counters stay equal for 1 000 000 iterations (with the invariant i == j).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  unsigned int i = 0, j = 0;
  while (i < 1000000) {
#pragma locus invariant i == j
    i++;
    j++;
  }
  if (i != j)
    reach_error();
  return 0;
}
