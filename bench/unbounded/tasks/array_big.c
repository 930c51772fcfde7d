// safe: an array of 5000 elements initialized and checked (beyond --max-unwind 256, and with arrays
// k-induction is not used).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int a[5000];
int main(void) {
  for (int i = 0; i < 5000; i++)
    a[i] = i;
  for (int i = 0; i < 5000; i++)
    if (a[i] != i)
      reach_error();
  return 0;
}
