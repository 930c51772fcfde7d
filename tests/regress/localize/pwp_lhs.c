#include <assert.h>

int gain;
int offset;
int scaled;
int limited;

void clear(void) {
  scaled = 0;
  limited = 0;
}

void calibrate(int raw) {
  int s = raw * gain;
  limited = s + offset;
  if (s > 100)
    limited = 100;
}

int main(void) {
  gain = 3;
  offset = 2;
  calibrate(5);
  assert(scaled == 17);
  return 0;
}

// A write to the wrong variable: line 15 should assign `scaled` (which `clear` assigns too, so it is not
// fixed by the inputs). No statement of the trace computes the
// hypothesized `scaled = 17`, so its implicit evidence has an empty pwp slice; before, pwp blamed nothing.
// Now it takes He & Gupta's left-side candidates (Step 2: the LHS of an assignment not in the pwp slice,
// replaced by a single variable): the assignments of the region to an int variable, in trace order.
// RUN: locus localize %s --method pwp
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}pwp_lhs.c:14:7  int s = raw * gain;    -- implicit: hypothesized scaled = 17 (false) at the start matches no actual predicate; the assignments whose left side could be its variable
// CHECK-NEXT: 2  {{.*}}pwp_lhs.c:15:3  limited = s + offset;
// CHECK-NOT: pwp_lhs.c:{{(2[0-9])}}:
