// safe: an inner loop of 10 iterations inside an outer loop of 1 000 000.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int j = 0;
  for (int i = 0; i < 1000000; i++) {
    for (j = 0; j < 10; j++) {
    }
    if (j != 10)
      reach_error();
  }
  return 0;
}
