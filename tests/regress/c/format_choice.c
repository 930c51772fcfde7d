// A choice between string literals as printf's format or a string argument, or as puts's argument: the
// condition is evaluated once, then the call prints one of the literals (gcc prints the same).
// RUN: locus run %s --stdin %S/Inputs/format_choice_7.in
// CHECK: output: "big 7\nodd-pos|\nnonzero\n   ab|de    |xy|\n"
// RUN: locus run %s --stdin %S/Inputs/format_choice_0.in
// CHECK: output: "small 0\neven-nonpos|\nzero\n    c|de    |xy|\n"
// RUN: locus verify %s --stdin %S/Inputs/format_choice_7.in --unwind 2
// CHECK: SAFE
#include <stdio.h>

int main(void) {
  int x = 0, n = 3;
  if (scanf("%d", &x) != 1)
    return 1;
  printf(x > 5 ? "big %d\n" : "small %d\n", x);
  printf("%s-%s|\n", x % 2 ? "odd" : "even", x > 0 ? (x > 100 ? "huge" : "pos") : "nonpos");
  puts(x ? "nonzero" : "zero");
  printf("%5s|%-6s|%.2s|\n", x ? "ab" : "c", "de", n ? "xyz" : "q");
  return 0;
}
