// C front end: if/else, while, for, do-while, break, continue, switch (fallthrough, default, break,
// continue through a switch), functions with parameters and results, recursion, side effects inside
// conditions (i++ in a loop condition, calls and assignments as expressions, comma). The program agrees
// with gcc (tests/cdiff runs the same kind of programs against gcc).
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 1
// RUN: locus run %s --entry classify --args 2
// CHECK: result: 23
// RUN: locus run %s --entry classify --args 7
// CHECK: result: 99
// RUN: locus run %s --entry fact --args 5
// CHECK: result: 120
int counter;

int bump(void) {
  counter = counter + 1;
  return counter;
}

int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int classify(int x) {
  int r = 0;
  switch (x) {
  case 1:
    r = 10;
    break;
  case 2:
    r = 20;            // falls through
  case 3:
    r = r + 3;
    break;
  default:
    r = 99;
  }
  return r;
}

int main(void) {
  int ok = 1;
  int i = 0, s = 0;
  while (i++ < 5)              // side effect in the condition, recomputed every iteration
    s += i;
  ok = ok && s == 15 && i == 6;
  s = 0;
  for (int j = 0; j < 10; j++) {
    if (j % 2 == 0)
      continue;
    if (j > 7)
      break;
    s += j;                    // 1 + 3 + 5 + 7
  }
  ok = ok && s == 16;
  int k = 0;
  do {
    k += 3;
  } while (k < 10);
  ok = ok && k == 12;
  do { k = 0; } while (0);
  ok = ok && k == 0;
  // continue inside a switch continues the enclosing loop
  int odd = 0;
  for (int n = 0; n < 6; n++) {
    switch (n % 2) {
    case 0:
      continue;
    default:
      break;
    }
    odd++;
  }
  ok = ok && odd == 3;
  counter = 5;
  int v = counter;
  v += bump();                 // 5 + 6
  ok = ok && v == 11 && counter == 6;
  int a, b;
  a = b = 4;                   // assignment as an expression
  ok = ok && a == 4 && b == 4;
  int c = (a++, a + 1);        // comma: a = 5, c = 6
  ok = ok && c == 6 && fact(4) == 24 && classify(3) == 3 && classify(1) == 10;
  // short circuit: the call on the right runs only when needed
  counter = 0;
  if (0 && bump()) ok = 0;
  if (1 || bump()) ok = ok && counter == 0;
  int t = (counter == 0) ? bump() : bump() + 100;
  ok = ok && t == 1 && counter == 1;
  if (ok) {
    return 1;
  } else if (v) {
    return 2;
  }
  return 3;
}
