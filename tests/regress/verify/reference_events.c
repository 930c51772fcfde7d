// --reference compared as output events (issue 29, item 2): both programs print whole lines of text and plain
// %d values, so the outputs are compared without strings and z3 is accepted; the difference (10 is big for the
// reference) is found and replayed. Against a reference that prints a line in two printf calls the outputs
// need strings: z3 is refused, cvc5 finds the same difference.
// RUN: locus verify %s --reference %S/Inputs/reference_events_ref.c --solver z3
// EXIT: 1
// CHECK: FAILED: output: the output differs from the reference's at line 1: expected 'big 10', got 'small 10'
// CHECK: command line: 10
// RUN: locus verify %s --reference %S/Inputs/reference_events_split.c --solver z3
// EXIT: 2
// CHECK: needs the theory of strings here (not as output events: the print "big ": it does not end its line)
// RUN: locus verify %s --reference %S/Inputs/reference_events_split.c --solver cvc5
// EXIT: 1
// CHECK: FAILED: output: the output differs from the reference's at line 1: expected 'big 10', got 'small 10'
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int x = argc > 1 ? atoi(argv[1]) : 0;
  if (x > 10)
    printf("big %d\n", x);
  else
    printf("small %d\n", x);
  printf("done\n");
  return 0;
}
