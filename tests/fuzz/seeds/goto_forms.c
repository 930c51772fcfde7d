// Fuzzing seed (scripts/test.sh seeds fuzz_cfrontend with every .c file of the tree): every goto form.
int f(int a, int b) {
  int r = 0;
  if (a) goto fwd;
  r++;
fwd:
  r += 2;
back:
  r++;
  if (r < 5) goto back;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++)
      if (i * j == b) goto out;
  }
out:
  if (a > 1) {
  T: r += 3;
    if (r < 9) goto E;
  } else {
    int z = 4;
    r += z;
  E: r += 4;
    if (r < 20) goto T;
  }
  switch (b) { case 1: if (a) goto done; break; default: r--; }
  { int c = 0; L: c++; if (c < 3) goto L; r += c; }
  while (1) { wc:; if (r > 40) goto wb; r += 7; if (r & 1) goto wc; }
wb:
  if (b == 99) { STOP: goto STOP; }
done:
  return r;
}
