#include <assert.h>
#include <stdlib.h>

struct cell {
  int key;
  struct cell *link;
};

struct bag {
  struct cell *first;
};

void add(struct bag *b, int k) {
  struct cell *c = malloc(sizeof(struct cell));
  c->key = k;
  c->link = b->first;
  b->first = c;
}

void drop(struct bag *b, int k) {
  struct cell *before = NULL;
  struct cell *at = b->first;
  while (at != NULL && at->key != k) {
    before = at;
    at = at->link;
  }
  if (at == NULL)
    return;
  if (before == NULL)
    b->first = at->link;
  else
    before->link = at;
}

int holds(struct bag *b, int k) {
  for (struct cell *c = b->first; c != NULL; c = c->link)
    if (c->key == k)
      return 1;
  return 0;
}

int main(void) {
  struct bag b;
  b.first = NULL;
  add(&b, 4);
  add(&b, 8);
  add(&b, 15);
  drop(&b, 8);
  assert(!holds(&b, 8));
  return 0;
}

// pwp when the violated check's only evidences lie in specification code (docs/localize.md, pwp: "the path
// must change"). `holds` is only called from the assert: a check's helper, never blamed. The run leaves 8 in
// the bag (line 32 keeps `at` where `at->link` was meant); `holds` returns its constant 1, so the hypothesized
// `result = 0` becomes `1 = 0` at line 38 (Type I) in the helper, which may not be changed. Before, pwp
// blamed nothing. Now it goes on: the path must change, and the negated branch predicates of the run lead
// back from the helper's loop condition (`c != NULL` with c the cell 15's link) through `before->link = at`
// to drop's `at != NULL`: a Type II that blames the loop condition, then the write at line 32.
// RUN: locus localize %s --method pwp
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}pwp_path.c:23:10  while (at != NULL && at->key != k) {    -- Type II at {{.*}}: actual at != null (from line 23), hypothesized at = null (false) [the path must change]
// CHECK-NEXT: 2  {{.*}}pwp_path.c:32:5  before->link = at;
// CHECK-NOT: pwp_path.c:{{(3[5-9]|4[0-9]|5[0-9])}}:
