// assume (infeasible runs), assert, reach_error, abort and exit, char/bool nondets, printf.
// INPUTS: 5,65,1
// INPUTS: 0
// INPUTS: 7,3,0
// INPUTS: 2,300,1
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

void check(int x) {
  if (x == 3)
    exit(1);
  if (x == -3)
    abort();
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x != 0);
  check(x);
  char c = __VERIFIER_nondet_char();
  _Bool b = __VERIFIER_nondet_bool();
  printf("x=%d c=%d b=%d\n", x, c, b);
  if (x == 7 && !b)
    reach_error();
  assert(x != 8);
  return b ? c : -c;
}
