// C front end: operands are evaluated left to right (C leaves the order of unsequenced operands
// unspecified; gcc may call `bump()` first). A variable read by a left operand is copied before a later
// operand's call or assignment can change it.
// RUN: locus run %s
// CHECK: result: 11
// RUN: locus ir %s
// CHECK: t1 := counter
// CHECK-NEXT: t0 := bump()
int counter;

int bump(void) {
  counter = counter + 1;
  return counter;
}

int main(void) {
  counter = 5;
  return counter + bump();
}
