// Arithmetic with wrap-around (-fwrapv / --ints bv32), truncating division, narrowing to char/short.
// INPUTS: 7,3
// INPUTS: -7,2
// INPUTS: 5,0
// INPUTS: 2147483647,1
extern int __VERIFIER_nondet_int(void);

int mix(int a, int b) {
  int r = a * 3 - b;
  if (b != 0)
    r += a / b + a % b;
  else
    r = r / b; // division by zero when b == 0
  char c = (char)r;
  short s = r;
  return r + c + s;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a == -2147483647 - 1)
    a = 0; // INT_MIN / -1 traps on x86; C leaves it undefined
  int r = mix(a, b);
  return r > 0 ? r % 100 : -r % 50;
}
