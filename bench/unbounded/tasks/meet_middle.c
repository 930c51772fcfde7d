// unsafe: x counts up and y down; they meet at 100 (iteration 100).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
int main(void) {
  int x = 0, y = 200;
  while (x < 200) {
    x++;
    y--;
    if (x == y)
      reach_error();
  }
  return 0;
}
