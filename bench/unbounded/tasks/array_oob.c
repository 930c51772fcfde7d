// unsafe: the loop writes one element past the end of an array of 100 (an out-of-bounds access).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int a[100];
  for (int i = 0; i <= 100; i++)
    a[i] = i;
  return a[0];
}
