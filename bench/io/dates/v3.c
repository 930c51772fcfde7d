// dates — read a date written YYYY-MM-DD and print its day of the year (literal separators in the scanf
// format; a leap-year rule; a table walk).
#include <stdio.h>

int leap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int days_in(int m, int y) {
  if (m == 2)
    return leap(y) ? 29 : 28;
  if (m == 4 || m == 6 || m == 9 || m == 12)
    return 30;
  return 31;
}

int main(void) {
  int y, m, d;
  int n = scanf("%d-%d-%d", &y, &m, &d);
  if (n != 3) {
    printf("expected YYYY-MM-DD, read %d fields\n", n < 0 ? 0 : n);
    return 2;
  }
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > days_in(m, y)) {
    printf("invalid date\n");
    return 1;
  }
  int day = d;
  for (int k = 1; k < m; k++)
    day += days_in(k, y);
  printf("day %d of %d\n", day, leap(y) ? 366 : 365);
  return 0;
}
