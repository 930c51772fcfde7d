// gcc -E -P of a C file using <assert.h> in gnu mode (glibc expands assert to a statement expression)

extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
extern void __assert_perror_fail (int __errnum, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
extern void __assert (const char *__assertion, const char *__file, int __line)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));

extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = ({ int t = x * 2; t + 1; });
  if (x > 0 && x < 1000) {
    ((void) sizeof ((y > x) ? 1 : 0), __extension__ ({ if (y > x) ; else __assert_fail ("y > x", "gnu_assert.c", 7, __extension__ __PRETTY_FUNCTION__); }));
    ((void) sizeof ((y != 21) ? 1 : 0), __extension__ ({ if (y != 21) ; else __assert_fail ("y != 21", "gnu_assert.c", 8, __extension__ __PRETTY_FUNCTION__); }));
  }
  return 0;
}
