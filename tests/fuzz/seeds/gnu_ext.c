// Fuzzing seed: GNU and C11 extensions and attributes the front end resolves, lowers or rejects.
#include <assert.h>
#include <stddef.h>
struct S { int a; long b; };
__attribute__((noinline)) static int id(int x) { return x; }
int main(void) {
  int x = ({ int t = id(3); t * 2; });
  x += _Generic(x, int: 1, default: 2) + __builtin_choose_expr(1, 2, 3) + (int)offsetof(struct S, b);
  x += __builtin_types_compatible_p(int, unsigned) + __builtin_expect(x > 0, 1) + __extension__ 1;
  switch (x) { case 1: x++; __attribute__((fallthrough)); default: x--; }
#pragma unroll
  for (int i = 0; i < 2; i++) x++;
  ({ if (x > 100) x = 0; });
  assert(x != 1234);
  return x;
}
