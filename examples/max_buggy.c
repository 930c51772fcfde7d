// Könighofer & Bloem's max, with their bug: the then-branch keeps x. `locus localize` points at line 8
// (`r = x`, the only single statement whose value explains every failing input); the fix is `r = y`.
#include <assert.h>

int max(int x, int y) {
  int r = x;
  if (y > x)
    r = x; // bug: should be r = y
  assert(r >= x && r >= y);
  return r;
}

void test_larger_first(void) { assert(max(5, 3) == 5); }
void test_equal(void) { assert(max(4, 4) == 4); }
void test_larger_second(void) { assert(max(3, 5) == 5); }
