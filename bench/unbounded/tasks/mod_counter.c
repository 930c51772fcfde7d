// safe: a counter modulo 7 over a million iterations stays below 7.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = 0;
  for (int i = 0; i < 1000000; i++) {
    x = (x + 1) % 7;
    if (x >= 7)
      reach_error();
  }
  return 0;
}
