// Task style (issue 17): a ring buffer with unsigned head and tail wrapping by `% CAP`: elements come out in
// order; the buggy dequeue forgets to wrap.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver --unwind 4
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --unwind 4 --entry buggy
// EXIT: 1
// CHECK: FAILED: bounds
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define CAP 4
struct ring { int buf[CAP]; unsigned head, tail, count; };
void put(struct ring *r, int v) {
  r->buf[r->tail] = v;
  r->tail = (r->tail + 1) % CAP;
  r->count++;
}
int get(struct ring *r, int bad) {
  int v = r->buf[r->head];
  r->head = bad ? r->head + 1 : (r->head + 1) % CAP;
  r->count--;
  return v;
}
int check(int bad) {
  struct ring r;
  r.head = r.tail = r.count = 0;
  for (int round = 0; round < 3; round++) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    put(&r, x);
    put(&r, y);
    if (get(&r, bad) != x || get(&r, bad) != y)
      reach_error();
  }
  return 0;
}
int main(void) { return check(0); }
int buggy(void) { return check(1); }
