// --reference compared as output events (issue 29, item 2): both programs print whole lines of text and plain
// %d values, so the outputs are compared without strings and z3 is accepted; the difference (10 is big for the
// reference) is found and replayed. Against a reference that prints a line in two printf calls the outputs
// are not output events: z3 compares them print by print, where they differ on every input, and its
// counterexample (an input both print alike) shows no difference: UNKNOWN (print_events.c). cvc5 compares
// the text as strings and finds the same difference as above.
// RUN: locus verify %s --reference %S/Inputs/reference_events_ref.c --solver z3
// EXIT: 1
// CHECK: FAILED: output: the output differs from the reference's at line 1: expected 'big 10', got 'small 10'
// CHECK: command line: 10
// RUN: locus verify %s --reference %S/Inputs/reference_events_split.c --solver z3
// EXIT: 3
// CHECK: UNKNOWN: {{.*}}the outputs differ print by print on this input but not as text
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
