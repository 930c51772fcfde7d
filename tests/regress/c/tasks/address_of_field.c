// Task style (issue 17): pointers to the int fields of a heap node: writes through them change the fields;
// the buggy call swaps them.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
struct acc { int count; int sum; };
void add(int *count, int *sum, int v) {
  *count += 1;
  *sum += v;
}
int main(void) {
  struct acc *a = malloc(sizeof(struct acc));
  a->count = 0;
  a->sum = 0;
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v > -1000 && v < 1000);
  add(&a->count, &a->sum, v);
  add(&a->count, &a->sum, v);
  if (a->count != 2 || a->sum != 2 * v)
    reach_error();
  return 0;
}
int buggy(void) {
  struct acc *a = malloc(sizeof(struct acc));
  a->count = 0;
  a->sum = 0;
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v > -1000 && v < 1000);
  add(&a->sum, &a->count, v);
  if (a->count != 1)
    reach_error();
  return 0;
}
