// Fuzzing seed: nested struct values, heap records with nested fields, struct parameters and results.
#include <stdlib.h>
struct P { int x; unsigned char y; };
struct R { struct P lo, hi; struct R *next; struct { long w; } anon; };
const struct R k = {{1, 2}, {.y = 3}, 0, {4}};
struct R g = {.hi = {5, 6}};
struct P mk(int x, int y) { struct P p = {x, y}; return p; }
struct R pass(struct R r, struct P p) { r.lo = p; r.hi.x += k.hi.y; return r; }
int use(struct R r) { return r.lo.x + r.hi.y + (int)r.anon.w; }
int main(void) {
  struct R r = {mk(1, 2), mk(3, 4)}, s;
  struct R *h = calloc(1, sizeof(struct R));
  h->lo = r.hi;
  h->next = h;
  *h = pass(*h, h->next->lo);
  s = *h;
  s.hi = pass(r, mk(7, 8)).lo;
  g.lo.x = use(s) + pass(g, g.hi).hi.x + mk(9, 9).y;
  return use(*h) + use(g);
}
