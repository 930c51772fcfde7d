// Characters as introductory courses read them (issue 33): getchar until EOF, scanf's %c (white space too,
// and " %c" skipping it), putchar, and <ctype.h> in the C locale with glibc's values (isdigit('7') is 2048).
// Every `// CMD:` line runs gcc's binary and `locus run`.
// CMD: 1 <<< Hello, World 42!\n
// CMD: 1 <<<
// CMD: 1 <<< AEIOU aeiou xyz\t\n
// CMD: 2 <<< a b\n
// CMD: 2 <<< x
// CMD: 2 <<<
// CMD: 3 <<< 4711x
// CMD: 3 <<< 9
// CMD: 4
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

int vowels(void) { /* mode 1: count the vowels, digits, spaces and letters; echo in upper case */
  int c, v = 0, d = 0, s = 0, l = 0;
  while ((c = getchar()) != EOF) {
    int u = toupper(c);
    if (u == 'A' || u == 'E' || u == 'I' || u == 'O' || u == 'U')
      v++;
    if (isdigit(c))
      d++;
    if (isspace(c))
      s++;
    if (isalpha(c))
      l++;
    putchar(islower(c) ? toupper(c) : tolower(c));
  }
  printf("|vowels %d digits %d spaces %d letters %d\n", v, d, s, l);
  return v;
}

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 1)
    return vowels();
  if (mode == 2) {
    char a = '?', b = '?', c = '?';
    int n = scanf("%c%c %c", &a, &b, &c);
    printf("%d [%c][%c][%c] %d\n", n, a, b, c, b);
    return 0;
  }
  if (mode == 3) { /* the digits of a number read character by character */
    int c, sum = 0;
    while ((c = getchar()) != EOF && isdigit(c))
      sum += c - '0';
    printf("digit sum %d, stopped at %d\n", sum, c);
    return 0;
  }
  if (mode == 4) {
    for (int c = -1; c < 256; c += 7)
      printf("%d:%d %d %d %d %d %d %d %d %d\n", c, isdigit(c), isalpha(c), isalnum(c), isspace(c), isupper(c),
             islower(c), isxdigit(c), toupper(c), tolower(c));
    return 0;
  }
  return 2;
}
