// C front end: errors clang reports (syntax; types, struct values in conditions, comparisons and
// arithmetic included; undeclared names; missing includes) come out as located diagnostics with exit 2;
// notes attached to them are kept.
// RUN: locus check %s
int f(int x) {
  return x + ; // expected-error {{expected expression}}
}
// -----
int f(int x) {
  return y; // expected-error {{use of undeclared identifier 'y'}}
}
// -----
struct S { int v; };
int f(struct S *p) {
  return p->w; // expected-error {{no member named 'w' in 'struct S'}}
}
// -----
#include "no_such_header.h" // expected-error {{'no_such_header.h' file not found}}
// -----
int f(int x) {
  int x; // expected-error {{redefinition of 'x'}}
  return x;
}
// -----
int f(void) {
  return 0 // expected-error {{expected ';' after return statement}}
}
// -----
struct S { int v; };
int f(void) {
  struct S p = {1};
  if (p) // expected-error {{statement requires expression of scalar type ('struct S' invalid)}}
    return 1;
  return 0;
}
// -----
struct S { int v; };
int f(void) {
  struct S p = {1}, q = {1};
  return p == q; // expected-error {{invalid operands to binary expression ('struct S' and 'struct S')}}
}
// -----
struct S { int v; };
int f(struct S *p) {
  return *p + 1; // expected-error {{invalid operands to binary expression ('struct S' and 'int')}}
}
