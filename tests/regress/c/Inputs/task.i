# 1 "task.c"
# 1 "<built-in>"
# 1 "<command-line>"
# 1 "task.c"
extern void __VERIFIER_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: __VERIFIER_error(); } return; }
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x + 1u;
  __VERIFIER_assert(y > x);
  return 0;
}
