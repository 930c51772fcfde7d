// Characters (issue 33): getchar until EOF and scanf's %c read bytes (white space too); <ctype.h> in the C
// locale with glibc's values; an argument outside EOF … 255 is undefined in C: a failure. verify proves a
// property of every input of at most 6 bytes.
// RUN: printf 'Hi 42!' > %t/in && locus run %s --stdin %t/in
// CHECK: outcome: ok
// CHECK: result: 1
// CHECK: output: "hI 42!|1 vowels, 2 digits\n"
// RUN: locus run %s --entry bad
// EXIT: 1
// CHECK: ctype argument in range: c - 200 (EOF or a char's value)
// RUN: locus verify %s --input-bytes 6 --unwind 7
// CHECK: SAFE
// RUN: locus verify %s --entry wrong --input-bytes 6
// EXIT: 1
// CHECK: FAILED
// CHECK: assert
#include <assert.h>
#include <ctype.h>
#include <stdio.h>

int main(void) {
  int c, v = 0, d = 0;
  while ((c = getchar()) != EOF) {
    assert(c >= 0 && c <= 255);
    int u = toupper(c);
    if (u == 'A' || u == 'E' || u == 'I' || u == 'O' || u == 'U')
      v++;
    if (isdigit(c)) {
      assert(c >= '0' && c <= '9');
      d++;
    }
    assert(!isalpha(c) || tolower(c) != toupper(c));
    putchar(islower(c) ? toupper(c) : tolower(c));
  }
  printf("|%d vowels, %d digits\n", v, d);
  return v;
}

int bad(void) {
  int c = getchar();
  return isspace(c - 200); // EOF - 200 is not a char's value
}

int wrong(void) {
  char a = 0, b = 0;
  if (scanf("%c%c", &a, &b) == 2)
    assert(!isspace(b)); // fails for "x "
  return 0;
}
