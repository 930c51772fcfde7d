// safe: a countdown from 100 000 reaches 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  unsigned int n = 100000;
  while (n > 0)
    n--;
  if (n != 0)
    reach_error();
  return 0;
}
