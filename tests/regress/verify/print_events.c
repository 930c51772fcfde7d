#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  int count = 0, sum = 0;
  if (n < 0)
    n = -n;
  while (1) {
    int d = n % 10;
    printf("%d ", d);
    sum = sum + d;
    count = count + 1;
    n = n / 10;
    if (n == 0)
      break;
  }
  printf("\n");
  printf("%d digits, sum %d\n", count, sum);
  return 0;
}

// A reference whose prints do not end their lines (`%d ` in a loop) cannot be compared as output events
// (backends/encoder/README.md, "Output events"); z3, whose strings are unreliable, compares such outputs
// print by print (EncodeOptions::printEvents): each print's format and argument types, and its values.
// Equal events print equal text, so this program, written otherwise than the reference, is proved to print
// what it prints (before: refused with z3). Against a reference that prints each digit and its space in two
// calls the events differ on every input while the text does not: the counterexample's replay shows no
// difference, and the answer is UNKNOWN, not a failure (cvc5 compares the text). A real difference (the
// digits from the first, the reference's from the last) is found and replayed. A program that prints a
// float is not compared print by print (z3 decides the equality of computed floats far too slowly): z3
// is refused as before.
// RUN: locus verify %s --reference %S/Inputs/print_events_ref.c --solver z3 --unwind 11
// EXIT: 0
// CHECK: SAFE (up to unwind 11)
// RUN: locus verify %s --reference %S/Inputs/print_events_split.c --solver z3 --unwind 11
// EXIT: 3
// CHECK: UNKNOWN: {{.*}}the outputs differ print by print on this input but not as text
// RUN: locus verify %S/Inputs/print_events_reversed.c --reference %S/Inputs/print_events_ref.c --solver z3 --unwind 11
// EXIT: 1
// CHECK: FAILED: output: the output differs from the reference's at line 1
// RUN: locus verify %S/Inputs/print_events_float.c --reference %S/Inputs/print_events_ref.c --solver z3 --unwind 11
// EXIT: 2
// CHECK: and not print by print: a float is printed
