// A store at a constant index outside the array (an index equal to the size is outside too) is the element
// access's `bounds` failure; the array needs no indeterminate contents (a[0] is written before it is read).
// RUN: locus ir %s --no-tags --no-ranges
// CHECK: a := new int32[3i64];
// CHECK-NEXT: a[0i32] := 1i32;
// CHECK-NEXT: a[3i32] := 5i32;
// RUN: locus run %s
// EXIT: 1
// CHECK: failure (bounds)
// CHECK: array_const_oob.c:{{[0-9]+}}:3: error: index out of bounds
// RUN: locus verify %s
// EXIT: 1
// CHECK: FAILED: bounds
int main() {
  int a[3];
  a[0] = 1;
  a[3] = 5;
  return a[0];
}
