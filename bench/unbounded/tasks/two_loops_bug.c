// unsafe: after a loop of 100 000 iterations, a second loop reaches the error at its iteration 41.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int i = 0;
  while (i < 100000)
    i++;
  for (int j = 0; j < 100; j++)
    if (j == 40 && i == 100000)
      reach_error();
  return 0;
}
