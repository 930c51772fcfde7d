// Interpreter bench: the arithmetic loop of arith.gcl in C (lowered with C's integer types).
int main(void) {
  int r = 0, x = 7;
  for (int i = 0; i < 1000000; i++) {
    x = (x * 31 + i) % 10000003;
    if (x % 2 == 0)
      r += x / 3;
    else
      r -= x;
  }
  return r;
}
