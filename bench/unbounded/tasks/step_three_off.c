// unsafe: x steps by 3 and ends at 100 002 (after 33 334 iterations), not at 100 000.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = 0;
  while (x < 100000)
    x += 3;
  if (x != 100000)
    reach_error();
  return 0;
}
