// Input and output: main(argc, argv) with atoi/atol/strtol, scanf's directives, count and EOF, printf's
// conversions, puts, putchar, exit statuses. Every `// CMD:` line runs both gcc's binary and `locus run`
// with that command line and standard input; their outputs and exit statuses must be the same.
// CMD:
// CMD: 1
// CMD: 2 <<< 5 7\n
// CMD: 2 <<< 12abc
// CMD: 2 <<<  \n
// CMD: 2 <<< -x 4
// CMD: 2 <<< +-1
// CMD: 2 <<< 99999999999 -2147483649
// CMD: 2 <<< 2147483648 1
// CMD: 3 <<< 0x1A,017,-0x10
// CMD: 3 <<< 0x,9
// CMD: 3 <<< 08,1
// CMD: 3 <<< 1 ,2
// CMD: 4 <<< 3 1 2 3 4
// CMD: 4 <<< 5 1 2
// CMD: 4 <<< x
// CMD: 5 -7 x12 12x 4294967297 -9223372036854775809
// CMD: 5 007 +3 - 99999999999999999999
// CMD: 6 65 -191 321 10
// CMD: 7 3
// CMD: 7 300
// CMD: 8 <<< 2024-02-29
// CMD: 8 <<< 2023/02/29
#include <stdio.h>
#include <stdlib.h>

int sum_all(void) { /* mode 4: a count, then that many numbers */
  int n = 0, x = 0, s = 0, k = 0;
  if (scanf("%d", &n) != 1)
    return -1;
  while (k < n && scanf("%d", &x) == 1) {
    s += x;
    k++;
  }
  printf("read %d of %d, sum %d\n", k, n, s);
  return k == n;
}

int main(int argc, char *argv[]) {
  if (argc < 2) {
    puts("usage: io MODE ...");
    return 2;
  }
  int mode = atoi(argv[1]);
  if (mode == 1) {
    printf("%%d of %d arguments: %s\n", argc, "no mode data");
    exit(3);
  }
  if (mode == 2) {
    int a = 0, b = 0;
    int n = scanf("%d %d", &a, &b);
    printf("n=%d a=%d b=%d\n", n, a, b);
    return n + 10;
  }
  if (mode == 3) {
    int a = 0, b = 0, c = 0;
    int n = scanf("%i,%i,%i", &a, &b, &c);
    printf("n=%i a=%d b=%d c=%d\n", n, a, b, c);
    return 0;
  }
  if (mode == 4)
    return sum_all() ? 0 : 1;
  if (mode == 5) {
    for (int i = 2; i < argc; i++)
      printf("%d %ld %ld\n", atoi(argv[i]), atol(argv[i]), strtol(argv[i], NULL, 10));
    return argc;
  }
  if (mode == 6) {
    for (int i = 2; i < argc; i++)
      putchar(atoi(argv[i]));
    putchar('\n');
    return 0;
  }
  if (mode == 7) {
    int k = atoi(argv[2]);
    fprintf(stderr, "exiting with %d\n", k);
    exit(k);
  }
  if (mode == 8) {
    int y = 0, m = 0, d = 0;
    if (fscanf(stdin, "%d-%d-%d", &y, &m, &d) != 3) {
      puts("not a date");
      abort();
    }
    printf("%d/%d/%d\n", d, m, y);
    return 0;
  }
  return 1;
}
