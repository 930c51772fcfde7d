// Arrays as IR arrays (issue 17): large and multi-dimensional arrays, variable-length arrays, char arrays with
// string initializers, array parameters, arrays in structs and of structs (struct copies copy the elements),
// memset/memcpy/memmove, global tables; an index out of bounds on some inputs (a 2-D array's inner index).
// INPUTS: 3,2,1
// INPUTS: 7,0,4
// INPUTS: 1,5,0
// INPUTS: -2,1,9
#include <string.h>
extern int __VERIFIER_nondet_int(void);

struct rec { int len; int data[6]; };
struct pt { int x; short y; };

const int squares[8] = {0, 1, 4, 9, 16, 25, 36, 49};
int big[300];
char word[] = "hello";

int sum(int a[], int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int trace(int m[][4], int n) {
  int t = 0;
  for (int i = 0; i < n; i++)
    t += m[i][i];
  return t;
}

struct rec grow(struct rec r, int v) {
  r.data[r.len % 6] = v;
  r.len++;
  return r;
}

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  for (int i = 0; i < 300; i++)
    big[i] = i % 7;
  int acc = sum(big, 300) % 1000;
  int m[4][4];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      m[i][j] = i * 4 + j;
  acc += trace(m, 4);
  int n = (int)((unsigned)a % 5u) + 1;
  int vla[n];
  for (int i = 0; i < n; i++)
    vla[i] = squares[i + 1];
  acc += sum(vla, n);
  char s[12] = "abc";
  s[3] = word[1];
  acc += s[0] + s[3] + s[5];
  struct rec r = {2, {5, 6}};
  struct rec q = grow(r, 9);
  q.data[0] = 100;
  acc += r.data[0] + q.data[0] + q.data[2] + q.len;
  struct pt pts[3] = {{1, 2}, {3, 4}};
  pts[2] = pts[0];
  pts[2].y += 10;
  acc += pts[2].x + pts[2].y + pts[1].x;
  int buf[8];
  memset(buf, 0, sizeof buf);
  buf[1] = 11;
  buf[2] = 12;
  memcpy(buf + 4, buf, 4 * sizeof(int));
  memmove(buf + 1, buf, 3 * sizeof(int));
  for (int i = 0; i < 8; i++)
    acc = acc * 3 + buf[i];
  acc %= 100000;
  int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  if (b >= 0 && b < 2)
    acc += grid[b][c]; // c out of 0..2: a bounds failure
  return acc % 256;
}
