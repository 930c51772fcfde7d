// strncpy (issue 33): a word read with scanf("%9s") copied into buffers of several sizes with strncpy, its
// padding with 0s and the missing 0 of a longer source, printed byte by byte. Every `// CMD:` line runs
// gcc's binary and `locus run`.
// CMD: 1 <<< cat
// CMD: 1 <<< elephants
// CMD: 1 <<< ab
// CMD: 1 <<<
// CMD: 2 <<< 3 banana
// CMD: 2 <<< 6 kiwi
// CMD: 2 <<< 0 fig
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[]) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  char w[10] = "", out[6];
  if (mode == 1) {
    if (scanf("%9s", w) != 1)
      return 2;
    strncpy(out, w, sizeof out);
    for (size_t i = 0; i < sizeof out; i++)
      printf("%d ", out[i]);
    printf("\n");
    out[sizeof out - 1] = '\0';
    printf("[%s] %zu\n", out, strlen(out));
  }
  if (mode == 2) {
    int n = 0;
    if (scanf("%d %9s", &n, w) != 2 || n < 0 || n > 6)
      return 2;
    memset(out, 'z', sizeof out);
    strncpy(out, w, n);
    for (size_t i = 0; i < sizeof out; i++)
      printf("%c", out[i] ? out[i] : '.');
    printf("\n");
  }
  return 0;
}
