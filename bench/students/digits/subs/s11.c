#include <stdio.h>
#include <string.h>
int main(void) {
  char s[6];
  scanf("%5s", s);
  int len = strlen(s);
  for (int i = 0; i < len; i++) {
    if (s[i] == '-') continue;
    printf("%c", s[i]);
    if (i + 1 < len) printf(" ");
  }
  printf("\n");
  return 0;
}
