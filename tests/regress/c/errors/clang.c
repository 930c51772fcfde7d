// C front end: errors clang reports (syntax, types, undeclared names, missing includes) come out as
// located diagnostics with exit 2; notes attached to them are kept.
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
