// Nested struct fields (values and heap records), struct parameters and results by value, copies of whole
// structs and of struct fields, initializer lists with nested lists and designators, recursion returning a
// struct, global and const nested structs.
// INPUTS: 3,4,5
// INPUTS: 0,0,0
// INPUTS: -7,100,2
// INPUTS: 2147483647,1,-1
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct P { int x; int y; };
struct R { struct P lo; struct P hi; unsigned char tag; };
struct Node { struct R box; struct Node *next; long weight; };

struct R gr = {{1, 2}, {3, 4}, 9};
const struct R cr = {.hi = {.x = 10}, .tag = 2};

struct P mk(int x, int y) {
  struct P p = {x, y};
  return p;
}

struct P add(struct P a, struct P b) {
  a.x += b.x;
  a.y += b.y;
  return a;
}

int area(struct R r) {
  return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y) + r.tag;
}

struct R grow(struct R r, int d) {
  r.lo = add(r.lo, mk(-d, -d));
  r.hi.x += d;
  r.hi.y = add(r.hi, mk(0, d)).y;
  return r;
}

struct P sum(int n) { // recursion with a struct result
  if (n <= 0)
    return mk(0, 0);
  struct P s = sum(n - 1);
  return add(s, mk(n, n * n));
}

struct Node *push(struct Node *l, struct R r) {
  struct Node *n = malloc(sizeof(struct Node));
  n->box = r;
  n->next = l;
  n->weight = area(n->box);
  return n;
}

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  if (a < -1000 || a > 1000)
    a = 1;
  struct R r = {mk(a, b % 100), {a + 5, 7}, (unsigned char)c};
  int s = area(r);
  struct R q = grow(r, c % 4);
  s = s * 7 + area(q) + area(gr) + cr.hi.x + cr.tag + gr.hi.y;
  gr.lo = q.hi;
  struct Node *l = push(0, r);
  l = push(l, q);
  l->box.lo = l->next->box.hi;
  struct Node copy = *l;
  copy.box.tag++;
  l->next->box = copy.box;
  s += (int)l->weight + area(l->next->box) + copy.next->box.lo.x;
  struct P t = sum(b % 5);
  s = s * 3 + t.x + t.y + gr.lo.x;
  struct R z = {.hi = {.y = a}};
  s += z.lo.x + z.hi.y + grow(z, 1).lo.y + add(mk(1, 2), t).y;
  return s % 256;
}
