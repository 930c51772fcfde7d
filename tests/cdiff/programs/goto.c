// goto: forward out of nested loops, backward loops, jumps between the branches of an if (both ways), into
// a block past a declaration, out of a switch, CIL's while_continue/while_break, break and continue inside a
// backward goto's loop, overlapping backward regions, the self-loop idiom (not reached).
// INPUTS: 3,4
// INPUTS: 0,0
// INPUTS: 7,-2
// INPUTS: -5,9
// INPUTS: 10,10
// INPUTS: 1,2
extern int __VERIFIER_nondet_int(void);

int find(int a, int b) {
  int r = 0;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++) {
      if (i * j == a + b) {
        r = 10 * i + j;
        goto found;
      }
      r--;
    }
  return r;
found:
  return r + 1000;
}

int backloop(int n) {
  int s = 0, i = 0;
top:
  if (i >= n)
    goto done;
  s += i;
  i++;
  goto top;
done:
  return s;
}

int branches(int a) {
  int r = 0;
  if (a > 2) {
    r += 1;
    goto other;
  } else {
    r += 10;
  other:
    r += 100;
  }
  return r;
}

int backbranch(int a) {
  int r = 0, k = 0;
  if (a > 100) {
  first:
    r += 5;
    k++;
  } else {
    r += 7;
    if (k < 3)
      goto first;
  }
  return r * 10 + k;
}

int cil(int n) {
  int i = 0, s = 0;
  while (1) {
  while_continue:;
    if (!(i < n))
      goto while_break;
    if (i % 3 == 1) {
      i++;
      goto while_continue;
    }
    s += i;
    i++;
  }
while_break:;
  return s;
}

int inswitch(int a) {
  int r = 0;
  for (int i = 0; i < 4; i++) {
    switch ((a + i) % 3) {
    case 0: r += 1; break;
    case 1: r += 2; if (r > 6) goto out; continue;
    default: r += 3;
    }
    r *= 2;
  }
out:
  return r;
}

int regionflow(int a) {
  int r = 0;
  for (int i = 0; i < 6; i++) {
    int k = 0;
  again:
    k++;
    if (k == 2 && i == 1)
      continue;
    if (k == 2 && i == 4)
      break;
    r += k;
    if (k < 3)
      goto again;
    r += 100;
  }
  return r + a;
}

int overlap(int a) {
  int r = 0, x = 0, y = 0;
L1:
  x++;
L2:
  y++;
  r += x * 10 + y;
  if (y < 3)
    goto L2;
  if (x < 2)
    goto L1;
  return r;
}
int outback(int a) {
  int r = 0, round = 0;
restart:
  round++;
  for (int i = 0; i < 10; i++) {
    r += i;
    if (r > a && round < 4)
      goto restart;
    if (r > 100) break;
  }
  return r * 10 + round;
}
int blockjump(int a) {
  int r = 1;
  if (a > 3)
    goto inner;
  r = 2;
  {
    int z = 5;
    r += z;
  inner:
    r *= 3;
    z = r;
    r += z;
  }
  return r;
}
int nested(int a) {
  int r = 0;
  int i = 0;
L:
  if (i < a) {
    int j = 0;
  M:
    r += j;
    j++;
    if (j < 3) goto M;
    i++;
    goto L;
  }
  return r;
}
int brkcont(int a) {
  int r = 0;
  for (int i = 0; i < 5; i++) {
    int k = 0;
  L:
    k++;
    switch (k) {
    case 1: goto L;
    case 2: if (i == a) break; goto L;
    case 3: if (i == 2) continue; r += 100; break;
    }
    if (i == 3) break;
    r += k;
  }
  return r;
}
int whilegoto(int a) {
  int r = 0;
  while (r < 50) {
    r += 7;
    if (r % 5 == a % 5) goto end;
    do {
      r++;
      if (r == a) goto end;
    } while (r % 4);
  }
  r = -r;
end:
  return r;
}
int selfish(int a) {
  if (a == 1000) {
  LOOP: goto LOOP;
  }
  return a + 1;
}
int thenelse(int a) {
  int r = 0, t = 0;
  if (a % 2) {
  T:
    r += 3;
    t++;
    if (t < 2) goto E;
  } else {
  E:
    r += 5;
    t++;
    if (t < 3) goto T;
  }
  return r * 10 + t;
}

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < -10 || a > 10 || b < -10 || b > 10)
    return 0;
  int r = find(a, b) + backloop(a) + branches(a) + backbranch(b) + cil(a + 5) + inswitch(b) + regionflow(a) +
          overlap(b);
  r = r * 3 + outback(a * 5) + blockjump(b) + nested(a % 4) + brkcont(b) + whilegoto(a + b) + selfish(a) +
      thenelse(b);
  if (r == 12345)
    goto err;
  return r % 256;
err:
  return 1;
}
