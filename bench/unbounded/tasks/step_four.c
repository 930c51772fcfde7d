// safe: x steps by 4 up to 100 000 and stays a multiple of 4; not k-inductive without an invariant.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = 0;
  while (x < 100000)
    x += 4;
  if (x % 4 != 0)
    reach_error();
  return 0;
}
