// Strings as char arrays (issue 33): a word read with getchar into a char array, its length with strlen,
// printed with printf's %s and puts, the vowels counted, the digits of a number as text, strcmp, strcpy,
// strcat. Every `// CMD:`
// line runs gcc's binary and `locus run`.
// CMD: 1 <<< Education is fun\n
// CMD: 1 <<< xyz
// CMD: 1 <<<
// CMD: 2 <<< 90210
// CMD: 2 <<< -7x
// CMD: 3 <<< quit
// CMD: 3 <<< quilt
// CMD: 3 <<< q
// CMD: 3 <<<
// CMD: 4 <<< abc
// CMD: 4 <<< abcdefgh
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  char w[12] = "";
  int n = 0, c;
  while (n < 11 && (c = getchar()) != EOF && !isspace(c))
    w[n++] = (char)c;
  w[n] = '\0';
  if (mode == 1) {
    int v = 0;
    for (size_t i = 0; i < strlen(w); i++)
      if (strlen(w) > 0 && (tolower(w[i]) == 'a' || tolower(w[i]) == 'e' || tolower(w[i]) == 'i' ||
                            tolower(w[i]) == 'o' || tolower(w[i]) == 'u'))
        v++;
    printf("'%s' has %zu letters and %d vowels\n", w, strlen(w), v);
    puts(w);
    return v;
  }
  if (mode == 2) {
    const char *p = w;
    if (*p == '-')
      p++;
    printf("digits of %s:", p);
    for (; *p && isdigit(*p); p++)
      printf(" %c", *p);
    puts("");
    return (int)strlen(w);
  }
  if (mode == 3) { /* strcmp: the sign of glibc's difference, and equality */
    char other[8] = "quiz";
    int r = strcmp(w, "quit"), s = strcmp(other, w);
    printf("%d %d %d %d\n", (r > 0) - (r < 0), (s > 0) - (s < 0), strcmp(w, w) == 0, !strcmp("quit", w));
    return strcmp(w, "quit") == 0;
  }
  if (mode == 4) { /* strcpy and strcat: a greeting built in a buffer */
    char out[32];
    strcpy(out, "Hello, ");
    strcat(out, w);
    strcat(out, "!");
    printf("%s (%zu)\n", out, strlen(out));
    return 0;
  }
  return 2;
}
