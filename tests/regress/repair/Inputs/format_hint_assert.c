// format_hint.c: an assertion failure, not an output difference: no --method format suggestion.
#include <assert.h>

int main(void) {
  int x = 3;
  int y = x * x;
  assert(y == 10);
  return 0;
}
