// A loop-free control program of about 200 lines (our own, in the style of TCAS: integer inputs, many
// branches through small helper functions, one decision) for the speed targets of localization: every
// method under 1 s per failing input, OFC against maxsat on many branches. One seeded fault: in
// `climb_margin` the threshold compares with `>` where the reference (`reference_advisory`) uses `>=`.
// Entry: advisory; the assertion compares it with the reference computed independently.

int clamp(int v, int lo, int hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

int abs_diff(int a, int b) {
  if (a > b)
    return a - b;
  return b - a;
}

int alt_layer(int alt) {
  if (alt < 1000)
    return 0;
  if (alt < 5000)
    return 1;
  if (alt < 10000)
    return 2;
  if (alt < 20000)
    return 3;
  return 4;
}

int sensitivity(int layer, int climbing) {
  int s = 2;
  if (layer == 0)
    s = 2;
  else if (layer == 1)
    s = 3;
  else if (layer == 2)
    s = 4;
  else if (layer == 3)
    s = 5;
  else
    s = 6;
  if (climbing && s < 6)
    s = s + 1;
  return s;
}

int threshold(int sens) {
  int t = 300;
  if (sens <= 2)
    t = 300;
  else if (sens == 3)
    t = 350;
  else if (sens == 4)
    t = 400;
  else if (sens == 5)
    t = 600;
  else
    t = 700;
  return t;
}

int climb_margin(int own_alt, int other_alt, int thr) {
  int sep = abs_diff(own_alt, other_alt);
  int margin = 0;
  if (sep > thr) // fault: the reference uses >=
    margin = 1;
  else
    margin = 0;
  return margin;
}

int rate_ok(int own_rate, int other_rate) {
  int diff = abs_diff(own_rate, other_rate);
  int ok = 0;
  if (diff < 600)
    ok = 1;
  else
    ok = 0;
  if (own_rate > 2000 || own_rate < -2000)
    ok = 0;
  return ok;
}

int above(int own_alt, int other_alt) {
  int r = 0;
  if (own_alt > other_alt)
    r = 1;
  return r;
}

int tracked(int range, int bearing) {
  int t = 1;
  if (range <= 0)
    t = 0;
  if (range > 40000)
    t = 0;
  if (bearing < 0 || bearing > 359)
    t = 0;
  return t;
}

int intent(int own_alt, int other_alt, int own_rate, int other_rate) {
  int up = 0;
  int down = 0;
  if (own_rate > 0)
    up = up + 1;
  if (other_rate < 0)
    up = up + 1;
  if (own_rate < 0)
    down = down + 1;
  if (other_rate > 0)
    down = down + 1;
  if (above(own_alt, other_alt))
    up = up + 1;
  else
    down = down + 1;
  if (up > down)
    return 1;
  if (down > up)
    return -1;
  return 0;
}

int advisory(int own_alt, int other_alt, int own_rate, int other_rate, int range, int bearing) {
  int layer = alt_layer(clamp(own_alt, 0, 60000));
  int climbing = 0;
  if (own_rate > 100)
    climbing = 1;
  int sens = sensitivity(layer, climbing);
  int thr = threshold(sens);
  int result = 0;
  if (!tracked(range, bearing)) {
    result = 0;
  } else if (climb_margin(own_alt, other_alt, thr)) {
    result = 0;
  } else if (!rate_ok(own_rate, other_rate)) {
    result = 3;
  } else {
    int dir = intent(own_alt, other_alt, own_rate, other_rate);
    if (dir > 0)
      result = 1;
    else if (dir < 0)
      result = 2;
    else
      result = 3;
  }
  return result;
}

int reference_advisory(int own_alt, int other_alt, int own_rate, int other_rate, int range, int bearing) {
  int alt = own_alt < 0 ? 0 : (own_alt > 60000 ? 60000 : own_alt);
  int sens = alt < 1000 ? 2 : alt < 5000 ? 3 : alt < 10000 ? 4 : alt < 20000 ? 5 : 6;
  if (own_rate > 100 && sens < 6)
    sens = sens + 1;
  int thr = sens <= 2 ? 300 : sens == 3 ? 350 : sens == 4 ? 400 : sens == 5 ? 600 : 700;
  int sep = own_alt > other_alt ? own_alt - other_alt : other_alt - own_alt;
  int rdiff = own_rate > other_rate ? own_rate - other_rate : other_rate - own_rate;
  if (range <= 0 || range > 40000 || bearing < 0 || bearing > 359)
    return 0;
  if (sep >= thr)
    return 0;
  if (rdiff >= 600 || own_rate > 2000 || own_rate < -2000)
    return 3;
  int score = (own_rate > 0) + (other_rate < 0) + (own_alt > other_alt) -
              ((own_rate < 0) + (other_rate > 0) + (own_alt <= other_alt));
  return score > 0 ? 1 : score < 0 ? 2 : 3;
}

int check(int own_alt, int other_alt, int own_rate, int other_rate, int range, int bearing) {
  int a = advisory(own_alt, other_alt, own_rate, other_rate, range, bearing);
  int r = reference_advisory(own_alt, other_alt, own_rate, other_rate, range, bearing);
  __VERIFIER_assert(a == r);
  return a;
}
