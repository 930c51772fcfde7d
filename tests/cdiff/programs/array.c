// Arrays with variable indices: a bounds violation on some inputs; global arrays with initializers.
// INPUTS: 2,1
// INPUTS: 9,0
// INPUTS: 1,-3
extern int __VERIFIER_nondet_int(void);

int table[6] = {4, 8, 15, 16, 23, 42};

int main(void) {
  int hist[5] = {0};
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < 6; i++)
    hist[table[i] % 5]++;
  int k = __VERIFIER_nondet_int();
  int s = 0;
  if (n >= 0 && n < 6)
    s = table[n] + hist[k];  // k out of bounds for some inputs
  else
    s = hist[n % 5 < 0 ? -(n % 5) : n % 5];
  return s;
}
