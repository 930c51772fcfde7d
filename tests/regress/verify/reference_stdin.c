// --reference on free standard input read only by %d, white space and literal bytes (issue 29, item 2): the
// input is encoded as tokens (backends/encoder/README.md, *Token input*) and the one difference, a score of
// exactly 50 (`>` here, `>=` in Inputs/reference_stdin_ref.c), is found on both solvers; its stdin is spelled
// from the tokens and replayed by the interpreter.
// SOLVERS: z3 cvc5
// RUN: locus verify %s --reference %S/Inputs/reference_stdin_ref.c --solver %solver --input-bytes 10 --timeout 120
// EXIT: 1
// CHECK: FAILED: output: the output differs from the reference's at line 1: expected 'passed
// CHECK: stdin: "{{.*}}50{{.*}}"
// CHECK: counterexample (replayed by the interpreter)
#include <stdio.h>

int main(void) {
  int a, b;
  if (scanf("%d,%d", &a, &b) != 2) {
    printf("two scores, please\n");
    return 1;
  }
  printf("passed %d\n", (a > 50) + (b > 50));
  return 0;
}
