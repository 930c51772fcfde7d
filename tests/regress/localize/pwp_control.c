#include <assert.h>

int range;
int closure;
int own_rate;
int intr_rate;
int sensitivity;
int manual;

int time_to_go(void) {
  if (closure <= 0)
    return 9999;
  return range / closure;
}

int threshold(void) {
  int t = 20;
  if (sensitivity >= 3)
    t = 23;
  if (sensitivity >= 5)
    t = 45;
  return t;
}

int converging(void) { return closure > 0 && (own_rate * intr_rate < 0 || own_rate == 0); }

int alert_level(void) {
  int level = 0;
  int tau = time_to_go();
  if (manual)
    return 0;
  if (converging()) {
    if (tau < threshold())
      level = 2;
    else if (tau < 2 * threshold())
      level = 1;
  } else if (range < 500 && closure > 10) {
    level = 1;
  }
  return level;
}

void test_far(void) {
  range = 9000; closure = 50; own_rate = 5; intr_rate = -5; sensitivity = 4; manual = 0;
  assert(alert_level() == 0);
}

void test_warn(void) {
  range = 2400; closure = 50; own_rate = 5; intr_rate = -5; sensitivity = 4; manual = 0;
  assert(alert_level() == 1);
}

void test_close(void) {
  range = 1000; closure = 50; own_rate = 0; intr_rate = 3; sensitivity = 4; manual = 0;
  assert(alert_level() == 2);
}

void test_manual(void) {
  range = 1000; closure = 50; own_rate = 0; intr_rate = 3; sensitivity = 4; manual = 1;
  assert(alert_level() == 0);
}

void test_diverging(void) {
  range = 400; closure = 20; own_rate = 5; intr_rate = 5; sensitivity = 1; manual = 0;
  assert(alert_level() == 1);
}

// A control-logic module (int globals as inputs, small functions of nested comparisons, one output) with
// declared tests: test_warn fails, as `t = 23` (line 19) should be `t = 30`. The output `level` is a constant
// assigned on the path the run took (`int level = 0` at line 28, kept because both comparisons with the
// threshold fail), so the hypothesized `level = 1` becomes `0 = 1` there: no state along this path helps.
// Before, pwp blamed only `int level = 0` and `return level`. Now it goes on (the path must change): the
// negated branch predicate `tau < 2 * threshold()` leads back through threshold's result to `t = 23`
// (Type II with the fact `tau >= 46` the branch gave).
// RUN: locus localize %s --method pwp --test test_warn
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}pwp_control.c:28:7  int level = 0;    -- Type II at {{.*}}: actual level = 0 (from line 28), hypothesized level = 1 (false)
// CHECK-NEXT: 2  {{.*}}pwp_control.c:40:3  return level;
// CHECK-NEXT: 3  {{.*}}pwp_control.c:35:14  else if (tau < 2 * threshold())    -- Type II {{.*}} [the path must change]
// CHECK-NEXT: 4  {{.*}}pwp_control.c:22:3  return t;
// CHECK-NEXT: 5  {{.*}}pwp_control.c:19:5  t = 23;    -- Type II at {{.*}}: actual tau >= 46 (from line 35), hypothesized tau < 46 (false) [the path must change]
// CHECK-NOT: pwp_control.c:{{(4[3-9]|[56][0-9])}}:
