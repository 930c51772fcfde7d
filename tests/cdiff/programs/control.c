// Loops, switch with fallthrough and default, break/continue, recursion, short circuit, ?:.
// INPUTS: 3
// INPUTS: 0
// INPUTS: 12
extern int __VERIFIER_nondet_int(void);

int collatz_steps(int n) {
  int steps = 0;
  while (n > 1 && steps < 40) {
    n = n % 2 == 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}

int fib(int n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0)
    n = -n;
  n = n % 20;
  int acc = 0;
  for (int i = 0; i < n; i++) {
    switch (i % 4) {
    case 0:
      acc += 1;
    case 1:
      acc += 2;
      break;
    case 2:
      continue;
    default:
      acc -= 1;
    }
    if (acc > 30)
      break;
  }
  int k = 0;
  do {
    k++;
  } while (k * k < n);
  return acc + collatz_steps(n + 1) + (n < 10 && fib(n) > 5) + k;
}
