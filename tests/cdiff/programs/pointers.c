// Pointers beyond struct pointers (issue 17): int * into arrays and to address-taken scalars, pointer
// arithmetic, comparison and subtraction, int **, pointers as parameters, results and struct fields, lists
// built through struct node ** handles (&(*pp)->next), malloc'd arrays; a null dereference through an int *
// on some inputs.
// INPUTS: 4,2,1
// INPUTS: 0,3,0
// INPUTS: 2,-1,5
// INPUTS: 6,0,2
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node { int val; struct node *next; };
struct span { int *lo, *hi; };

int counter;

void bump(int *p, int by) { *p += by; }

int *largest(int *a, int n) {
  int *best = a;
  for (int *q = a + 1; q < a + n; q++)
    if (*q > *best)
      best = q;
  return best;
}

void insert(struct node **pp, int v) {
  while (*pp != NULL && (*pp)->val < v)
    pp = &(*pp)->next;
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = *pp;
  *pp = n;
}

int span_sum(struct span s) {
  int t = 0;
  for (int *p = s.lo; p != s.hi; ++p)
    t += *p;
  return t;
}

void swap(int **a, int **b) {
  int *t = *a;
  *a = *b;
  *b = t;
}

int main(void) {
  int k = __VERIFIER_nondet_int(), d = __VERIFIER_nondet_int(), z = __VERIFIER_nondet_int();
  int x = 3;
  bump(&x, 4);
  bump(&counter, 2);
  int arr[6] = {5, 1, 9, 2, 7, 3};
  int *m = largest(arr, 6);
  int acc = x + counter + *m + (int)(m - arr);
  int *h = malloc(5 * sizeof(int));
  for (int i = 0; i < 5; i++)
    h[i] = i * i;
  int *e = h + 5;
  for (int *p = h; p < e; p++)
    acc += *p;
  acc += e - h;
  struct span s = {arr + 1, arr + 4};
  acc += span_sum(s);
  int *pa = &arr[0], *pb = &x;
  swap(&pa, &pb);
  acc += *pa * 10 + *pb;
  int **pp = &pa;
  **pp = 8;
  acc += x;
  struct node *list = NULL;
  int vals[4] = {k, d, z, k + d};
  for (int i = 0; i < 4; i++)
    insert(&list, vals[i]);
  for (struct node *p = list; p; p = p->next)
    acc = acc * 7 % 10007 + p->val;
  int *maybe = (k & 1) == 0 ? h : NULL;
  acc += maybe[1]; // NULL when k is odd
  return acc % 256;
}
