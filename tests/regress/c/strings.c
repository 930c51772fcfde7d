// Strings as char arrays (issue 33): printf's %s and puts of a char array or pointer print its bytes up to
// the terminating 0, strlen counts them; a string without its 0 inside the object is a bounds failure (C
// leaves it undefined), as is a null pointer; strcmp is glibc's difference of the first differing bytes as
// unsigned chars (a literal argument is a fresh array); strcpy/strcat copy with their bounds checked and
// overlapping copies reported. The loops are ordinary IR loops: --unwind bounds them.
// RUN: printf 'hello world\n' > %t/in && locus run %s --stdin %t/in --seed 1
// CHECK: outcome: ok
// CHECK: result: 5
// CHECK: output: "read 'hello' (5), 2 vowels; word: Programming\nhello\ngramming\n"
// RUN: locus run %s --entry unterminated
// EXIT: 1
// CHECK: outcome: failure (bounds)
// CHECK: index out of bounds: 'b[t0]' with index 3, length 3
// CHECK: output: "abc"
// RUN: locus run %s --entry compare
// CHECK: output: "-23 23 97 -97 136 1\n"
// RUN: locus run %s --entry copy
// EXIT: 1
// CHECK: output: "cdefgcde 8\n"
// CHECK: 'strcat' of overlapping strings: strcat(a, a + 9)
// RUN: locus run %s --entry overflow --seed 1
// EXIT: 1
// CHECK: index out of bounds: {{.*}} with index 4, length 4
// RUN: locus verify %s --entry counted --unwind 6
// CHECK: SAFE
// RUN: locus verify %s --entry unterminated --unwind 6
// EXIT: 1
// CHECK: FAILED
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char word[16] = "Programming";
  char buf[8];
  int n = 0, c;
  while (n < 7 && (c = getchar()) != EOF && !isspace(c))
    buf[n++] = (char)c;
  buf[n] = 0;
  int v = 0;
  for (size_t i = 0; i < strlen(buf); i++) {
    int u = toupper(buf[i]);
    if (u == 'A' || u == 'E' || u == 'I' || u == 'O' || u == 'U')
      v++;
  }
  printf("read '%s' (%zu), %d vowels; word: %s\n", buf, strlen(buf), v, word);
  puts(buf);
  puts(word + 3);
  return n;
}

int unterminated(void) {
  char b[3] = {'a', 'b', 'c'};
  printf("%s\n", b);
  return 0;
}

int counted(void) {
  char s[5];
  int n = 0, c;
  while (n < 4 && (c = getchar()) != EOF)
    s[n++] = (char)c;
  s[n] = 0;
  assert(strlen(s) <= 4);
  return (int)strlen(s);
}

int compare(void) {
  char x[8] = "abc", y[8] = "abz", e[8] = "", hi[8] = "\xe9t";
  printf("%d %d %d %d %d %d\n", strcmp(x, y), strcmp(y, x), strcmp(x, e), strcmp(e, x), strcmp(hi, x),
         strcmp(x, "abc") == 0);
  return 0;
}

int copy(void) {
  char a[12] = "ab", b[8] = "cde";
  strcpy(a, b);
  strcat(a, "fg");
  strcat(a, b);
  printf("%s %zu\n", a, strlen(a));
  strcpy(a + 9, "xy"); // fits: 9 + 3 bytes
  strcat(a, a + 9);    // overlapping: the copy's bytes and the source's overlap
  return 0;
}

int overflow(void) {
  char small[4];
  strcpy(small, "four"); // 5 bytes into 4
  return small[0];
}
