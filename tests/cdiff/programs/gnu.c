// GNU and C11 extensions the front end resolves or lowers: statement expressions (value and effect, with
// declarations and control flow inside), glibc's assert in gnu mode, __builtin_expect, _Generic,
// __builtin_choose_expr, __builtin_types_compatible_p, the fallthrough attribute.
// INPUTS: 3
// INPUTS: 0
// INPUTS: -5
// INPUTS: 40
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);

#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })
#define CHECK(e) ((void)sizeof((e) ? 1 : 0), __extension__({ if (e) ; else __assert_fail(#e, "gnu.c", 1, "main"); }))

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100)
    return 0;
  int m = MAX(x, 2) + MAX(x * x, 10);
  int k = ({ int s = 0; for (int i = 0; i < x; i++) s += i; s; });
  ({ if (x > 1) m++; else m--; });
  if (__builtin_expect(x == 3, 0))
    m += 100;
  m += _Generic(x, int: 1, long: 2, default: 3) + __builtin_choose_expr(sizeof(int) == 4, 10, 20);
  m += __builtin_types_compatible_p(unsigned, unsigned int);
  switch (x & 3) {
  case 0:
    m += 1;
    __attribute__((fallthrough));
  case 1:
    m += 2;
    break;
  default:
    m += 4;
  }
  CHECK(k != 780); // fails for x == 40
  return (m + k) % 256;
}
