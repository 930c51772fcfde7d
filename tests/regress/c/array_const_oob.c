// A store at a constant index outside the array lowers to the failing bounds check alone: no element is
// written (an index equal to the size is outside too).
// RUN: locus ir %s --no-tags
// CHECK: a_0 := 1i32;
// CHECK-NEXT: assert false, "array index in bounds: a[3] (size 3)";
// CHECK-NEXT: result := a_0;
// RUN: locus verify %s
// EXIT: 1
// CHECK: FAILED: assert: assertion failed: array index in bounds: a[3] (size 3)
int main() {
  int a[3];
  a[0] = 1;
  a[3] = 5;
  return a[0];
}
