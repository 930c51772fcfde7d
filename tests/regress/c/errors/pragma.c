// `#pragma locus` lines that are malformed, or not right before a loop or a function definition, are
// located errors (issue 19); other pragmas are clang's business.
// RUN: locus check %s
#pragma once
#pragma locus unwind 0 // expected-error {{malformed '#pragma locus': expected '#pragma locus unwind K' with K from 1 to 100000}}
int f(int x);
#pragma locus unwind 2 // expected-error {{'#pragma locus unwind' must come right before a loop, a label a backward goto jumps to, or a function definition}}
int g(int x);

int main(void) {
  int x = 0;
#pragma locus unwind 3 // expected-error {{must come right before a loop, a label a backward goto jumps to, or a function definition}}
  x = 1;
#pragma locus unroll 3 // expected-error {{malformed '#pragma locus'}}
  while (x < 3)
    x++;
#pragma locus unwind 100001 // expected-error {{with K from 1 to 100000}}
  for (;;)
    break;
#pragma locus unwind 4
  do {
    x--;
  } while (x > 0);
  if (x)
    goto fwd;
#pragma locus unwind 5 // expected-error {{must come right before a loop, a label a backward goto jumps to}}
fwd:
  x++;
#pragma locus unwind 6
back:
  x++;
  if (x < 5)
    goto back;
  return x;
}
