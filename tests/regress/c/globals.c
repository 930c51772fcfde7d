// C front end: globals start at 0; a non-zero initializer runs at the start of main (and of every
// test); const globals are folded into literals; enum constants are literals.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 12
// CHECK: limit = 10
// RUN: locus test %s
// CHECK: PASS test_initialized
// RUN: locus ir %s
// CHECK: #1 @12:5 limit := 10i32;
// CHECK-NOT: var SCALE
int limit = 10;
const int SCALE = 2;
int zero;
struct node { struct node *next; };
struct node *head = 0;

int main(void) {
  return limit + SCALE * (zero + 1) + (head == 0 ? 0 : 100);
}

void test_initialized(void) {
  if (limit != 10)
    __VERIFIER_assert(0);
}
