// Struct values: fields read and written, list, designated and copy initializers, struct assignment
// between variables and through pointers (node to variable, variable to node, node to node), a global
// struct, structs declared in a loop; a null dereference in a struct copy on some inputs.
// INPUTS: 3,4,1
// INPUTS: 9,-2,0
// INPUTS: 5,5,2
// INPUTS: 2147483647,2147483647,1
// INPUTS: -7,100,3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  int val;
  struct node *next;
};
struct pair {
  int a;
  int b;
  char c;
  _Bool same;
  struct node *head;
};
typedef struct {
  int lo, hi;
} range;

struct pair last = {.b = 3, .c = 'z'};

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int mode = __VERIFIER_nondet_int();
  range r = {x, y};
  if (r.lo > r.hi) {
    range t = r;
    r.lo = t.hi;
    r.hi = t.lo;
  }
  struct pair p = {r.lo, r.hi};
  p.c = p.a * 50;
  p.same = p.a == p.b;
  struct node *list = NULL;
  for (int i = r.lo; i <= r.hi && i < r.lo + 5; i++) {
    struct node n = {i * 3, list};
    struct node *m = malloc(sizeof(struct node));
    *m = n;
    list = m;
  }
  p.head = list;
  struct pair q = last;
  last = p;
  q.b += last.c;
  q.c++;
  struct node first = {.next = NULL};
  if (mode == 1)
    first = *last.head;
  if (mode == 2) {
    struct node *none = NULL;
    first = *none;
  }
  if (mode == 3 && list != NULL && list->next != NULL) {
    *list->next = *list;
    first.val = list->next->val - list->val;
  }
  return q.a + q.b + q.c + last.same + first.val + (r.hi - r.lo) * 7;
}
