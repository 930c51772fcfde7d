// Task style (issue 17): a stack in a struct with an array field: pushes pop in reverse order; the buggy pop
// reads above the top.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --solver %solver
// CHECK: SAFE
// RUN: locus verify %s --solver %solver --entry buggy
// EXIT: 1
// CHECK: FAILED
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}
#define CAP 8
struct stack { int data[CAP]; int top; };
void push(struct stack *s, int v) { s->data[s->top++] = v; }
int pop(struct stack *s) { return s->data[--s->top]; }
int pop_bad(struct stack *s) { return s->data[s->top--]; }
int main(void) {
  struct stack s;
  s.top = 0;
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  push(&s, a);
  push(&s, b);
  if (pop(&s) != b || pop(&s) != a || s.top != 0)
    reach_error();
  return 0;
}
int buggy(void) {
  struct stack s;
  s.top = 0;
  int a = __VERIFIER_nondet_int();
  push(&s, a);
  if (pop_bad(&s) != a)
    reach_error();
  return 0;
}
