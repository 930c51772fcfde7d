// C front end: every construct outside the subset is a located "unsupported C construct" error
// (exit 2), one case per construct.
// RUN: locus check %s
int f(void) {
  long double x = 1.0; // expected-error {{unsupported C construct: floating-point type 'long double' of variable 'x'}}
  return 0;
}
// -----
int f(void) {
  double d = 0;
  return d > 1.0L; // expected-error {{floating-point type 'long double'}}
  return 0;
}
// -----
int f(void *p) { // expected-error {{pointer type 'void *' of parameter 'p' (void pointers only as the arguments of malloc, calloc, free, memset, memcpy and memmove)}}
  return 0;
}
// -----
__int128 g; // expected-error {{type '__int128' of global 'g'}}
// -----
int f(int x) {
  return x ?: 1; // expected-error {{unsupported C construct: GNU conditional 'x ?: y'}}
}
// -----
struct S { int v; struct S *next; };
int f(struct S *p) {
  struct S *q = p + 1; // expected-error {{arithmetic on a struct pointer (a struct pointer refers to one whole node)}}
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
int f(int a) {
  if (a)
    goto in; // expected-error {{unsupported C construct: goto into a loop body from outside the loop}}
  while (a < 10) {
    a++;
  in:
    a += 2;
  }
  return a;
}
// -----
int f(int a) {
  switch (a) {
  case 1:
    a++;
  L:
    a += 3;
    break;
  case 2:
    goto L; // expected-error {{goto between the statements of a switch body}}
  }
  return a;
}
// -----
int f(int a) {
  if (a)
    goto L; // expected-error {{goto into a switch body from outside the switch}}
  switch (a) {
  case 1: {
  L:
    a++;
  }
  }
  return a;
}
// -----
int f(int a) {
  int k = ({
    goto L; // expected-error {{goto out of a statement expression}}
    1;
  });
L:
  return a + k;
}
// -----
int f(int a) {
  goto *(a ? &&L : &&M); // expected-error {{computed goto}}
L:
  return 1;
M:
  return 2;
}
// -----
union U { int v; };
struct S { union U u; };
struct S make(int v) { // expected-error {{struct value type 'struct S' of the result of 'make' with the field 'u' of type 'union U'}}
  struct S s;
  return s;
}
int f(void) {
  make(1); // calls of 'make' are not reported again
  return 0;
}
// -----
struct S { int v; };
struct S make(void);
int f(void) {
  struct S s = make(); // expected-error {{call to 'make', which has no definition}}
  return s.v;
}
// -----
union In { int v; };
struct Out { union In in; int w; };
int f(void) {
  struct Out o; // expected-error {{struct value type 'struct Out' of variable 'o' with the field 'in' of type 'union In'}}
  return o.w;
}
// -----
struct S { int v; __int128 u; };
int f(void) {
  struct S s; // expected-error {{with the field 'u' of type '__int128'}}
  return 0;
}
// -----
struct S { int v : 4; };
int f(void) {
  struct S s; // expected-error {{struct value type 'struct S' of variable 's' with the bit-field 'v'}}
  return 0;
}
// -----
union U { int a; int b; };
int f(void) {
  union U u; // expected-error {{struct or union value type 'union U' of variable 'u'}}
  return 0;
}
// -----
struct S { int v; };
int f(int c) {
  struct S p = {1}, q = {2}, r;
  r = c ? p : q; // expected-error {{struct value 'c ? p : q' (only struct variables, '*p', struct members, array elements and call results can be copied)}}
  return r.v;
}
// -----
struct S { int v; };
int f(int c) {
  struct S p = {1}, q = {2};
  return (c ? p : q).v; // expected-error {{struct value 'c ? p : q' (only struct variables, '*p', struct members, array elements and call results can be copied)}}
}
// -----
struct S { int v; };
int f(void) {
  struct S p = {1}, q, r;
  r = q = p; // expected-error {{the value of a struct assignment}}
  return r.v;
}
// -----
struct S { int v; };
int f(void) {
  struct S p;
  p = (struct S){3}; // expected-error {{compound literal '(T){...}'}}
  return p.v;
}
// -----
struct S { int v; };
int f(void) {
  struct S p = {1};
  (void)p; // expected-error {{whole struct 'p' used as a value}}
  return 0;
}
// -----
#include <stdio.h>
struct S { int v; };
int f(void) {
  struct S p = {1};
  printf("%d\n", p); // expected-error {{printf %d of an argument of type 'struct S'}}
  return 0;
}
// -----
struct S { int v; struct S *next; };
struct S other; // expected-error {{address of the global struct 'other' (only local and parameter structs can live in a heap node)}}
struct S g = {1, &other}; // expected-error {{initializer of the pointer 'g.next' other than NULL}}
// -----
int f(void) {
  static int calls; // expected-error {{static local variable 'calls'}}
  return calls;
}
// -----
unsigned __int128 f(void) { // expected-error {{type 'unsigned __int128' of the result of 'f'}}
  return 1;
}
// -----
_Complex double g; // expected-error {{type '_Complex double' of global 'g'}}
// -----
int f(int x) {
  return undefined_function(x); // expected-error {{call to 'undefined_function', which has no definition}}
}
// -----
int twice(int x) { return 2 * x; }
int f(void) {
  int (*fp)(int) = twice; // expected-error {{function pointer type 'int (*)(int)' of variable 'fp'}}
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
int f(int n) {
  int k = 0;
  k = sizeof(int[n]); // expected-error {{sizeof/alignof of a variable-length type}}
  return k;
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
  (void)*p; // expected-error {{dereference of a pointer outside '(*p).f' and struct copies}}
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
  int x = printf("hi\n"); // expected-error {{the value of 'printf(…)'}}
  return x;
}
// -----
struct S { int flags : 3; }; // expected-error {{bit-field 'flags'}}
int f(struct S *p) {
  return 0;
}
// -----
int g(int x, ...) { return x; } // expected-error {{variadic function 'g'}}
// -----
int f(void) {
  int a$b = 1; // expected-error {{identifier 'a$b' (only ASCII letters, digits and '_' are supported)}}
  return a$b;
}
// -----
struct S { int café ; }; // expected-error {{identifier 'café'}}
int f(struct S *p) { return 0; }
// -----
long double g; // expected-error {{floating-point type 'long double' of global 'g'}}
int f(void) {
  g = 1; // its uses are not reported again
  return 0;
}
// -----
struct S { struct Missing *next; int v; }; // expected-error {{pointer to the incomplete struct 'Missing'}}
int f(struct S *p) { return p->v; }
int g(struct S *p) { return p->v + 1; } // the half-built record is not used again
// -----
// The audit (frontend/c/audit.cpp): node kinds, cast kinds, declarations and attributes the lowering has no
// code for are reported where they occur.
int f(int x) {
  return __builtin_LINE(); // expected-error {{unsupported C construct: __builtin_LINE/__builtin_FILE}}
}
// -----
int f(int x) {
  return x ? __atomic_load_n(&x, 0) : 0; // expected-error {{unsupported C construct: atomic builtin}}
}
// -----
__asm__("nop"); // expected-error {{unsupported C construct: file-scope assembly}}
int f(void) {
  return 0;
}
// -----
void release(int *p);
int f(void) {
  __attribute__((cleanup(release))) int x = 1; // expected-error {{unsupported C construct: attribute 'cleanup'}}
  return x;
}
// -----
__attribute__((constructor)) void init(void) {} // expected-error {{unsupported C construct: attribute 'constructor'}}
__attribute__((destructor)) void fini(void) {} // expected-error {{unsupported C construct: attribute 'destructor'}}
int main(void) {
  return 0;
}
// -----
union U { int a; };
int f(int x) {
  (void)(union U)x; // expected-error {{unsupported C construct: cast to a union}}
  return 0;
}
// -----
int f(int x) {
  (void)f; // expected-error {{unsupported C construct: function pointer}}
  return 0;
}
// -----
int f(int x) {
L:
  return &&L != 0; // expected-error {{unsupported C construct: address of a label ('&&label')}}
}
// -----
int f(void) {
  char huge[1L << 41]; // expected-error {{array 'huge' of 2199023255552 elements (at most 2^40)}}
  huge[0] = 1;
  return huge[0];
}
// -----
int f(void) {
  int x = 1;
  char *c = (char *)&x; // expected-error {{cast between pointer types 'int *' and 'char *' (they are represented differently)}}
  return c[0];
}
// -----
int f(void) {
  const char *s = "abc"; // expected-error {{string literal used as a pointer}}
  return s[1];
}
// -----
int f(int *p) {
  long a = (long)p; // expected-error {{conversion between an integer and a pointer}}
  return a != 0;
}
// -----
struct P { int x, y; };
int f(void) {
  struct P pts[2] = {{1, 2}, {3, 4}};
  struct P *q = &pts[1]; // expected-error {{address of 'pts[1]' (a struct pointer can only refer to a whole node: a struct variable or '*p')}}
  return q->x;
}
// -----
struct P { int x, y; };
int f(void) {
  struct P pts[2] = {{1, 2}, {3, 4}};
  struct P *q = pts; // expected-error {{array of structs used as a pointer}}
  return q->x;
}
// -----
struct P { int x, y; };
int f(struct P *p) {
  return p[1].x; // expected-error {{subscript of a struct pointer (a struct pointer refers to one whole node)}}
}
// -----
struct In { int a; };
struct Out { struct In in; int b; };
int f(struct Out *o) {
  struct In *i = &o->in; // expected-error {{address of 'o->in' (a struct pointer can only refer to a whole node: a struct variable or '*p')}}
  return i->a;
}
// -----
struct R { int n; int d[4]; };
int f(void) {
  struct R rs[2]; // expected-error {{array of structs with array fields 'rs'}}
  return 0;
}
// -----
int f(int n) {
  int a[4][4];
  int (*row)[n] = a; // expected-error {{pointer to a variable-length array type 'int (*)[n]'}}
  return row[0][0];
}
// -----
#include <stdlib.h>
int f(void) {
  int *p = malloc(6); // expected-error {{'malloc' of a size that is not a multiple of sizeof(int)}}
  return 0;
}
// -----
#include <string.h>
int f(int c) {
  int a[4];
  memset(a, c, sizeof a); // expected-error {{'memset' with a value that is not a constant}}
  return a[0];
}
// -----
#include <string.h>
int f(void) {
  int a[4] = {0};
  short b[8];
  memcpy(b, a, sizeof a); // expected-error {{'memcpy' between pointers to different types ('short *' and 'int *')}}
  return b[0];
}
// -----
#include <string.h>
struct S { int v; };
int f(struct S *s) {
  memset(s, 0, sizeof *s); // expected-error {{'memset' of something other than a pointer to integers or pointers (here 'struct S *')}}
  return s->v;
}
// -----
struct S { int v; };
struct S g; // expected-error {{address of the global struct 'g' (only local and parameter structs can live in a heap node)}}
struct S *f(void) {
  return &g;
}
