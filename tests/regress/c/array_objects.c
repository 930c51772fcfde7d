// C front end, array objects (frontend/c/README.md, *Memory model*): multi-dimensional arrays flattened (an
// inner index checked against its dimension), variable-length arrays, char arrays with string initializers,
// array parameters (fat pointers), arrays in structs (copied element by element with the struct) and arrays
// of structs (one array per field), a struct whose field's address is taken (a heap node).
// RUN: locus run %s --seed 1
// CHECK: outcome: ok
// CHECK: result: 197
// RUN: locus run %s --entry inner --args 3
// EXIT: 1
// CHECK: failure (assert)
// CHECK: array index in bounds: m[1][j] (dimension 2 of size 3)
// RUN: locus run %s --entry inner --args 2
// CHECK: result: 6
// RUN: locus run %s --entry vla --args 4 --seed 1
// CHECK: result: 6
// RUN: locus run %s --entry vla --args=-1 --seed 1
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: array length out of range
// RUN: locus ir %s --no-tags --no-ranges
// CHECK-LABEL: proc main()
// CHECK: s := new int8[6i64];
// CHECK: s[0i64] := 104i8;
// CHECK: pts_x := new int32[3i64];
// CHECK: pts_y := new int32[3i64];
struct rec { int len; int data[4]; };
struct pt { int x, y; };

int inner(int j) {
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  return m[1][j];
}

int vla(int n) {
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int sum(int v[], int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

struct rec bump(struct rec r) {
  r.data[0] += 100; // a copy: the caller's array is not changed
  return r;
}

int main(void) {
  char s[6] = "hi";
  int grid[3][4];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      grid[i][j] = i * j;
  struct rec r = {2, {1, 2}};
  struct rec q = bump(r);
  struct pt pts[3] = {{1, 2}, {3, 4}};
  pts[2] = pts[1];
  pts[2].x += 10;
  struct pt p = {5, 6};
  int *py = &p.y;
  *py = 60;
  return s[0] + s[2] + grid[2][3] + sum(grid[1], 4) + r.data[0] + q.data[0] + pts[2].x + pts[1].x + p.y - 100 +
         sum(r.data, 4);
}
