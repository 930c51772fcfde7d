// Pointers to struct fields and to struct variables (issue 17): `&p->f` and `&s.f` give a pointer to a
// record field, which an `int *` or a `struct node **` holds beside pointers into arrays; a struct whose
// address is taken lives in a heap node; pointer fields copied with their struct.
// INPUTS: 1,2
// INPUTS: 0,5
// INPUTS: 3,-4
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

struct node { int val; struct node *next; };
struct pair { int a, b; };
struct cursor { int *at; int step; };

int get(int *p) { return *p; }
void set(int *p, int v) { *p = v; }

void append(struct node **tail, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = NULL;
  *tail = n;
}

int main(void) {
  int u = __VERIFIER_nondet_int(), w = __VERIFIER_nondet_int();
  struct pair pr = {u, w};
  int *pa = &pr.a, *pb = &pr.b;
  set(pb, get(pa) + 10);
  int nums[3] = {7, 8, 9};
  int *sel = u > 0 ? &nums[1] : &pr.a;
  set(sel, 42);
  int acc = pr.a * 100 + pr.b + nums[1];
  struct pair *pp = &pr;
  pp->a += 1;
  acc += pr.a;
  struct node *head = NULL;
  struct node **tail = &head;
  for (int i = 0; i < 4; i++) {
    append(tail, i * w);
    tail = &(*tail)->next;
  }
  struct node *slots[2] = {head, NULL};
  struct node **which = w > 0 ? &slots[1] : &head->next;
  *which = head;
  int steps = 0;
  for (struct node *p = head; p && steps < 10; p = p->next, steps++)
    acc += p->val;
  acc += slots[1] == head;
  int *vp = &head->next->val;
  *vp = 5;
  acc += head->next->val + (pa == &pr.a) + (pa != pb);
  struct cursor c = {nums, 1}, d;
  d = c;
  d.at += d.step;
  acc += *d.at + *c.at;
  return acc % 256;
}
