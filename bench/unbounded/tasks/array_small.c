// safe: an array of 100 elements written and read back in two loops.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int a[100];
  for (int i = 0; i < 100; i++)
    a[i] = 2 * i;
  for (int i = 0; i < 100; i++)
    if (a[i] != 2 * i)
      reach_error();
  return 0;
}
