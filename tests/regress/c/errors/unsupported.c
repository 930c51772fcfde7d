// C front end: every construct outside the subset is a located "unsupported C construct" error
// (exit 2), one case per construct.
// RUN: locus check %s
int f(void) {
  float x = 1.0; // expected-error {{unsupported C construct: floating-point type 'float' of variable 'x'}}
  return 0;
}
// -----
int f(void) {
  double d = 0; // expected-error {{floating-point type 'double'}}
  return 0;
}
// -----
int f(int *p) { // expected-error {{pointer type 'int *' of parameter 'p'}}
  return 0;
}
// -----
int f(int x) {
  int y = 0;
  y = x << 1; // expected-error {{bitwise or shift operator '<<'}}
  return y & 1;
}
// -----
int f(int x) {
  return ~x; // expected-error {{bitwise operator '~'}}
}
// -----
struct S { int v; struct S *next; };
int f(struct S *p) {
  struct S *q = p + 1; // expected-error {{pointer arithmetic}}
  return 0;
}
// -----
struct S { int v; };
struct T { int w; };
int f(struct S *p) {
  struct T *q = (struct T *)p; // expected-error {{cast between pointer types}}
  return 0;
}
// -----
union U { int a; int b; };
int f(union U *u) { // expected-error {{union 'U'}}
  return 0;
}
// -----
int f(void) {
  int x = 0;
again:
  x++;
  if (x < 3)
    goto again; // expected-error {{goto}}
  return x;
}
// -----
int f(void) {
  int x = 1;
  int y = 0;
  y = &x != 0; // expected-error {{address-of operator '&'}}
  return y;
}
// -----
struct S { int v; };
int f(void) {
  struct S s; // expected-error {{struct or union value type 'struct S' of variable 's'}}
  return 0;
}
// -----
int f(void) {
  static int calls; // expected-error {{static local variable 'calls'}}
  return calls;
}
// -----
unsigned int f(void) { // expected-error {{type 'unsigned int' of the result of 'f'}}
  return 1;
}
// -----
long g; // expected-error {{type 'long' of global 'g'}}
// -----
int f(void) {
  int big[65]; // expected-error {{array 'big' of 65 elements (at most 64)}}
  return 0;
}
// -----
int f(int n) {
  int a[2][2]; // expected-error {{array type 'int[2]' of the elements of 'a'}}
  return 0;
}
// -----
int sum(int a[], int n) { // expected-error {{array parameter 'a'}}
  return 0;
}
// -----
int f(int x) {
  return undefined_function(x); // expected-error {{call to 'undefined_function', which has no definition}}
}
// -----
int twice(int x) { return 2 * x; }
int f(void) {
  int (*fp)(int) = twice; // expected-error {{pointer type 'int (*)(int)' of variable 'fp'}}
  return 0;
}
// -----
#include <stdlib.h>
int f(void) {
  int *p = malloc(sizeof(int)); // expected-error {{pointer type 'int *' of variable 'p'}}
  return 0;
}
// -----
#include <stdlib.h>
struct S { int v; };
int f(void) {
  struct S *p = malloc(4 * sizeof(struct S)); // expected-error {{of anything but exactly one 'struct S'}}
  return 0;
}
// -----
int f(void) {
  int n = sizeof(int); // expected-error {{sizeof/alignof outside malloc and calloc}}
  return n;
}
// -----
int f(int x) {
  switch (x) {
  case 1:
    if (x) {
  case 2: // expected-error {{case label that is not directly in the body of its switch}}
      x = 3;
    }
  }
  return x;
}
// -----
int f(int x) {
  switch (x) {
  case 1 ... 3: // expected-error {{case range}}
    return 1;
  }
  return 0;
}
// -----
struct S { int v; };
int f(struct S *p) {
  int x = 0;
  x = (*p).v + p->v;
  struct S q = *p; // expected-error {{struct or union value type 'struct S' of variable 'q'}}
  return x;
}
// -----
void test_one(void) {}
int f(void) {
  test_one(); // expected-error {{call to the test function 'test_one'}}
  return 0;
}
// -----
int f(void) {
  int x = 5;
  int y = ({ x + 1; }); // expected-error {{statement expression}}
  return y;
}
// -----
int f(void) {
  int x = printf("hi\n"); // expected-error {{the value of 'printf(…)'}}
  return x;
}
// -----
struct S { int flags : 3; }; // expected-error {{bit-field 'flags'}}
int f(struct S *p) {
  return 0;
}
// -----
int f(int n) {
  int a[n]; // expected-error {{array 'a' without a constant size}}
  return 0;
}
// -----
int g(int x, ...) { return x; } // expected-error {{variadic function 'g'}}
