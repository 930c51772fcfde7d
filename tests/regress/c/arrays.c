// C front end: int arrays (local and global, initializer lists, constant and variable indices) are IR arrays
// (frontend/c/README.md, *Memory model*); an index outside the array is the element access's `bounds`
// failure.
// RUN: locus run %s
// CHECK: outcome: ok
// CHECK: result: 27
// RUN: locus run %s --entry oob --args 4
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: index out of bounds: 'a[i]' with index 4, length 4
// RUN: locus run %s --entry oob --args=-1
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: index out of bounds: 'a[i]' with index -1, length 4
// RUN: locus run %s --entry oob --args 3
// CHECK: result: 0
// RUN: locus ir %s --no-tags --no-ranges
// CHECK: var g: int32[]
// CHECK: var primes: int32[]
// CHECK-LABEL: proc oob(
// CHECK: a := new int32[4i64];
// CHECK: t0 := a[i];
int g[5];
const int primes[3] = {2, 3, 5};

int oob(int i) {
  int a[4] = {0};
  return a[i];
}

int main(void) {
  int a[4] = {1, 2};           // a[2] = a[3] = 0
  for (int i = 0; i < 5; i++)
    g[i] = i * 2;              // 0 2 4 6 8
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += a[i];                 // 3
  s += g[4] + g[g[1]];         // 8 + 4
  a[a[0]] = 7;                 // a[1] = 7
  s += a[1] + primes[2] + primes[0] * 0 + a[2]; // 7 + 5
  return s + a[3];             // 27 + 0
}
