// safe: s is twice the counter after 10 000 iterations; not k-inductive without the invariant s == 2 * i.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int i = 0, s = 0;
  while (i < 10000) {
    i++;
    s += 2;
  }
  if (s != 2 * i)
    reach_error();
  return 0;
}
