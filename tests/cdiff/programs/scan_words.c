// scanf's %s and %Ns into char arrays (issue 33): words separated by any white space, the white space after a
// word left unread (getchar sees it), widths that split a long word, the count scanf returns (EOF at the end
// of the input, fewer on a matching failure), %s between numbers. Every `// CMD:` line runs gcc's binary and
// `locus run`.
// CMD: 1 <<< hello world\n
// CMD: 1 <<<   \t spaced\n\nout  \n
// CMD: 1 <<< one
// CMD: 1 <<<
// CMD: 1 <<<    \n
// CMD: 2 <<< abcdefghij klm
// CMD: 2 <<< ab c
// CMD: 2 <<< a
// CMD: 3 <<< 12 apples 7
// CMD: 3 <<< 12 apples x
// CMD: 3 <<< x apples 7
// CMD: 3 <<< 5
// CMD: 3 <<< -3 z 0\n
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  char w[16], v[16];
  if (mode == 1) { /* two words, and what follows the first */
    int r = scanf("%s", w);
    printf("r=%d\n", r);
    if (r == 1) {
      int c = getchar();
      printf("[%s] %zu then %d\n", w, strlen(w), c);
      r = scanf("%15s", v);
      printf("r=%d\n", r);
      if (r == 1)
        printf("[%s]\n", v);
    }
  }
  if (mode == 2) { /* widths split a word */
    int r = scanf("%3s%2s", w, v);
    printf("r=%d\n", r);
    if (r >= 1)
      printf("[%s]\n", w);
    if (r == 2)
      printf("[%s]\n", v);
    r = scanf("%s", w);
    printf("r=%d\n", r);
    if (r == 1)
      printf("[%s] %d\n", w, strcmp(w, "klm") == 0);
  }
  if (mode == 3) { /* a word between numbers */
    int a = 0, b = 0;
    int r = scanf("%d %s %d", &a, w, &b);
    printf("r=%d a=%d b=%d\n", r, a, b);
    if (r >= 2)
      puts(w);
  }
  return 0;
}
