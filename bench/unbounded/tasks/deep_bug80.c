// unsafe: a counter to 1000 reaches the error at iteration 80.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int i = 0, s = 0;
  while (i < 1000) {
    i++;
    s += 3;
    if (s == 240)
      reach_error();
  }
  return 0;
}
