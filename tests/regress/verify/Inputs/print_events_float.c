// ../print_events.c's exercise that prints the average of the digits too (a float).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  if (n < 0)
    n = -n;
  int count = 0, sum = 0;
  do {
    printf("%d ", n % 10);
    sum += n % 10;
    count++;
    n /= 10;
  } while (n > 0);
  printf("\n");
  printf("%d digits, sum %d\n", count, sum);
  printf("%.2f\n", (double)sum / count);
  return 0;
}
