// C front end built-ins: assert (message = the C text), reach_error, abort/exit (the run ends, ok),
// __VERIFIER_assume (false: infeasible), __VERIFIER_nondet_* kinds (wrapped to their type), printf.
// RUN: locus run %s --nondet 3,300
// CHECK: outcome: ok
// CHECK: result: 47
// RUN: locus run %s --nondet=-1
// EXIT: 1
// CHECK: failure (assert)
// CHECK: builtins.c:34:3: error: assertion failed: x >= 0 && "x must be non-negative"
// RUN: locus run %s --nondet 0
// CHECK: outcome: infeasible
// RUN: locus run %s --nondet 99
// EXIT: 1
// CHECK: reach_error() reached
// RUN: locus run %s --nondet 50
// CHECK: outcome: ok
// CHECK-NOT: failure
// RUN: locus run %s --nondet 51
// CHECK: outcome: ok
// RUN: locus run %s --entry nondets --nondet 1,2,3,4,1
// CHECK: result: 1
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x >= 0 && "x must be non-negative");
  __VERIFIER_assume(x != 0);
  if (x == 99)
    reach_error();
  if (x == 50)
    abort();
  if (x == 51)
    exit(3);
  char c = __VERIFIER_nondet_char(); // 300 wraps to 44
  printf("x = %d, c = %d\n", x, c);
  fprintf(stderr, "done\n");
  return x + c;
}

int nondets(void) {
  short s = __VERIFIER_nondet_short();
  unsigned char u = __VERIFIER_nondet_uchar();
  unsigned short us = __VERIFIER_nondet_ushort();
  int i = __VERIFIER_nondet_int();
  _Bool b = __VERIFIER_nondet_bool();
  return s == 1 && u == 2 && us == 3 && i == 4 && b;
}
