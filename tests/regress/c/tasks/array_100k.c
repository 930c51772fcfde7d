// Task style: arrays of 100 000 elements filled and checked in loops (IR arrays, not scalarized), with
// `goto ERROR`: safe up to the bound (the loops are cut, as in a bounded check of such a task); the buggy
// variant writes past the end of its array in the third iteration (the element access's bounds failure).
// The interpreter runs the whole program (1.2 million steps).
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 3 --no-unwinding-assertions
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 3 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
// CHECK: array_100k.c:{{[0-9]+}}:5:
// RUN: locus run %s --seed 1 --steps 2000000
// CHECK: outcome: ok
// CHECK: result: 0
// RUN: locus run %s --entry buggy --seed 1
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: index out of bounds: {{.*}} with index 100000, length 100000
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
#define N 100000

int a[N];

int main(void) {
  int b[N];
  int k = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) {
    a[i] = k;
    b[i] = i;
  }
  for (int i = 0; i < N; i++)
    if (a[i] != k || b[i] != i)
      goto ERROR;
  return 0;
ERROR:
  __VERIFIER_error();
  return 1;
}

int buggy(void) {
  int c[N];
  for (int i = 0; i < N; i++)
    c[N - 2 + i] = i;
  return c[0];
}
