// B11 (Wolverine2 Table 2, small): print all nodes of a singly linked list.
// Under test: print_all (visits the nodes from the head and prints each value once, in order).
// GCL has no output: printing is modelled by emit(v), which records how many values were printed
// (out_n) and their sequence as the decimal number out_seq (values are digits 0..9). The C version also
// calls printf there. Spec (main): a 4-node list of nondet digits; exactly the four values are printed,
// in order, and the list is unchanged; printing the empty list prints nothing.
// NONDET: 1,2,3,4
// NONDET: 0,9,0,9
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct node {
  struct node *next;
  int val;
};

void print_all(struct node *h);
void emit(int v);
struct node *mk(int v, struct node *nx);

int out_n = 0;
int out_seq = 0;

void print_all(struct node *h) {
  struct node *p = NULL;
  p = h;
  while (p != NULL) {
    emit(p->val);
    p = p->next;
  }
}

void emit(int v) {
  printf("%d\n", v);
  out_n = out_n + 1;
  out_seq = out_seq * 10 + v;
}

struct node *mk(int v, struct node *nx) {
  struct node *n = NULL;
  n = calloc(1, sizeof(struct node));
  n->val = v;
  n->next = nx;
  return n;
}

int main(void) {
  struct node *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(v1 >= 0 && v1 <= 9 && v2 >= 0 && v2 <= 9 && v3 >= 0 && v3 <= 9 && v4 >= 0 && v4 <= 9);
  n4 = mk(v4, NULL);
  n3 = mk(v3, n4);
  n2 = mk(v2, n3);
  n1 = mk(v1, n2);
  out_n = 0;
  out_seq = 0;
  print_all(n1);
  assert(out_n == 4 && out_seq == v1 * 1000 + v2 * 100 + v3 * 10 + v4);           // all values, in order
  assert(n1->next == n2 && n2->next == n3 && n3->next == n4 && n4->next == NULL); // list unchanged
  out_n = 0;
  out_seq = 0;
  print_all(NULL);
  assert(out_n == 0 && out_seq == 0); // nothing printed
  return 0;
}
