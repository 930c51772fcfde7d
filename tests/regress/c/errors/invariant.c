// `#pragma locus invariant EXPR` must start a loop's body (issue 34) and be an expression over variables,
// constants and operators; otherwise a located error.
// RUN: locus check %s
int f(int *p) {
  int i = 0;
  while (i < 3) {
#pragma locus invariant *p > 0 // expected-error {{a loop invariant must be an expression over variables, constants and operators}}
    i++;
  }
  return i;
}

// -----

int g(void) {
  int i = 0;
  while (i < 3) {
    i++;
#pragma locus invariant i >= 0 // expected-error {{'#pragma locus invariant' must be the first line of a loop's body (a block), before its other statements}}
  }
  return i;
}

// -----

int h(void) {
  int i = 0;
#pragma locus invariant i >= 0 // expected-error {{'#pragma locus invariant' must be the first line of a loop's body}}
  while (i < 3)
    i++;
  return i;
}

// -----

int k(void) {
  int i = 0;
  while (i < 3) {
#pragma locus invariant // expected-error {{malformed '#pragma locus invariant': expected '#pragma locus invariant EXPR'}}
    i++;
  }
  return i;
}
