#include <stdio.h>
#include <string.h>

int main(void) {
  char s[20];
  if (scanf("%s", s) != 1) {
    printf("invalid input\n");
    return 1;
  }
  int i = 0;
  if (s[0] == '-') i = 1;
  if (s[i] < '0' || s[i] > '9') {
    printf("invalid input\n");
    return 1;
  }
  for (; i < strlen(s); i++) {
    printf("%c", s[i]);
    if (i < strlen(s) - 1) printf(" ");
  }
  printf("\n");
  return 0;
}
