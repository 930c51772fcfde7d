// Used by ../defined_reads.c: the assertion fails only on an uninitialized value (no input exists).
#include <assert.h>

int main(void) {
  int x;
  assert(x != 7);
  return 0;
}
