#include <assert.h>

int own_alt;
int intr_alt;
int vert_sep;
int confident;
int layer;
int inhibit;
int up_margin;
int down_margin;

int layer_limit(void) {
  if (layer == 0)
    return 400;
  if (layer == 1)
    return 500;
  if (layer == 2)
    return 640;
  return 740;
}

int biased_up(void) {
  if (inhibit)
    return up_margin + 100;
  return up_margin;
}

int own_below(void) { return own_alt < intr_alt; }

int own_above(void) { return intr_alt < own_alt; }

int prefer_up(void) { return biased_up() < down_margin; }

int climb_ok(void) {
  int ok;
  if (prefer_up())
    ok = !(own_below() && down_margin < layer_limit());
  else
    ok = own_above() && up_margin >= layer_limit();
  return ok;
}

int descend_ok(void) {
  int ok;
  if (prefer_up())
    ok = own_below() && down_margin >= layer_limit();
  else
    ok = !(own_above() && up_margin < layer_limit());
  return ok;
}

int advisory(void) {
  int enabled = confident && vert_sep > 600;
  if (!enabled)
    return 0;
  int up = climb_ok() && own_below();
  int down = descend_ok() && own_above();
  if (up && down)
    return 0;
  if (up)
    return 1;
  if (down)
    return 2;
  return 0;
}

int main(void) {
  own_alt = 5000;
  intr_alt = 5600;
  vert_sep = 700;
  confident = 1;
  layer = 2;
  inhibit = 0;
  up_margin = 700;
  down_margin = 650;
  int a = advisory();
  assert(a == 1);
  return 0;
}

// A control-logic module whose decisions are functions returning booleans, combined with && and !: the
// fault is the relational operator at line 32 (`<` for `>`). The output is the constant `return 0` at
// line 64 (no branch chose an advisory), so the hypothesized `result = 1` loses its variables there; before,
// pwp blamed that return only. The path evidences (docs/localize.md, pwp, step 7) negate the branch
// predicates, nearest the check first, and pull `prefer_up`'s result back through its comparison: the fault
// is ranked, behind the branches and assignments nearer the check (the path evidences follow every branch
// that ran, not only those the output depends on).
// RUN: locus localize %s --method pwp
// EXIT: 1
// CHECK: ranking:
// CHECK-NEXT: 1  {{.*}}pwp_control_bool.c:64:3  return 0;    -- Type II at {{.*}}: actual result = 0 (from line 64), hypothesized result = 1 (false)
// CHECK: 9  {{.*}}pwp_control_bool.c:32:23  int prefer_up(void) { return biased_up() < down_margin; }    -- Type II {{.*}} [the path must change]
// CHECK-NOT: pwp_control_bool.c:{{(6[6-9]|7[0-9])}}:
