// ../print_events.c's exercise printing the digits from the first (wrong for two digits and more).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  if (n < 0)
    n = -n;
  int p = 1, count = 0, sum = 0;
  while (n / p >= 10)
    p *= 10;
  for (; p > 0; p /= 10) {
    printf("%d ", n / p % 10);
    sum += n / p % 10;
    count++;
  }
  printf("\n");
  printf("%d digits, sum %d\n", count, sum);
  return 0;
}
