// C front end, input and output: what is outside the modelled forms of printf/scanf/argv (frontend/c/README.md,
// *Standard input and output*) is a located "unsupported C construct" error, one case per form.
// RUN: locus check %s
#include <stdio.h>
int f(const char *fmt) {
  printf(fmt); // expected-error {{'printf' with a format that is not a string literal}}
  return 0;
}
// -----
#include <stdio.h>
int f(long double d) { // expected-error {{floating-point type 'long double' of parameter 'd'}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%f\n", x); // expected-error {{printf %f of an argument of type 'int' (expected 'double')}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%#x\n", x); // expected-error {{printf directive '%#x'}}
  return 0;
}
// -----
#include <stdio.h>
int f(unsigned x) {
  printf("%*u\n", 3, x); // expected-error {{printf directive '%*u'}}
  return 0;
}
// -----
#include <stdio.h>
int f(long x) {
  printf("%d\n", x); // expected-error {{printf %d of an argument of type 'long' (expected 'int' or its unsigned type)}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%ld\n", x); // expected-error {{printf %ld of an argument of type 'int' (expected 'long' or its unsigned type)}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%d %d\n", x); // expected-error {{'printf' with 1 arguments for 2 conversions}}
  return 0;
}
// -----
#include <stdio.h>
int main(int argc, char *argv[]) {
  printf("%s\n", argv[1]); // expected-error {{'argv' used other than as atoi(argv[i])}}
  return 0;
}
// -----
#include <stdio.h>
int main(void) {
  char buf[4] = {'a', 'b', 'c', 0};
  printf("%5s\n", buf); // expected-error {{printf %5s of something other than a string literal (only plain %s is)}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  int n = putchar(x); // expected-error {{the value of 'putchar(…)'}}
  return n;
}
// -----
#include <stdio.h>
int main(int argc, char *argv[]) {
  puts(argv[0]); // expected-error {{'argv' used other than as atoi(argv[i])}}
  return 0;
}
// -----
#include <stdio.h>
extern FILE *log_file;
int f(int x) {
  fprintf(log_file, "%d\n", x); // expected-error {{'fprintf' to a stream other than stdout or stderr}}
  return 0;
}
// -----
#include <stdio.h>
int f(void) {
  int x;
  scanf("%s", &x); // expected-error {{a string of type 'int *' (a char array or char pointer is)}}
  return x;
}
// -----
#include <stdio.h>
int f(void) {
  int n;
  char w[8];
  return scanf("%d,%s", &n, w); // expected-error {{scanf with ordinary characters right before a %s directive}}
}
// -----
#include <stdio.h>
int f(void) {
  return scanf("%*d"); // expected-error {{scanf directive '%*d' (supported: %d %i %u %x %X %o with hh h l ll j z, %c, %s, %f %e %g and %lf %le %lg, each with a field width, and %%)}}
}
// -----
#include <stdio.h>
int f(void) {
  int x;
  scanf("%%%n", &x); // expected-error {{scanf directive '%n'}}
  return x;
}
// -----
#include <stdio.h>
int f(void) {
  char s[4];
  scanf("%3[a-z]", s); // expected-error {{scanf directive '%3['}}
  return s[0];
}
// -----
#include <stdio.h>
int f(void) {
  char c;
  scanf("%3c", &c); // expected-error {{scanf %3c into a single char (it stores 3 bytes; a char array is needed)}}
  return c;
}
// -----
#include <stdio.h>
int f(void) {
  long x;
  scanf("%u", &x); // expected-error {{scanf %u into an object of type 'long' (expected 'int' or 'unsigned int')}}
  return (int)x;
}
// -----
#include <stdio.h>
int f(void) {
  int x;
  scanf("%hhx", &x); // expected-error {{scanf %hhx into an object of type 'int' (expected 'signed char' or 'unsigned char')}}
  return x;
}
// -----
#include <stdio.h>
int f(void) {
  int x;
  scanf("%100001d", &x); // expected-error {{scanf directive '%100001d' (a field width above 100000)}}
  return x;
}
// -----
#include <stdio.h>
int f(void) {
  long x;
  scanf("%d", &x); // expected-error {{scanf %d into an object of type 'long' (expected 'int' or 'unsigned int')}}
  return (int)x;
}
// -----
#include <stdio.h>
int f(void) {
  short x;
  scanf("%d", &x); // expected-error {{scanf %d into an object of type 'short'}}
  return x;
}
// -----
#include <stdio.h>
int f(int x) {
  scanf("%d", x); // expected-error {{scanf argument that is not '&variable'}}
  return x;
}
// -----
#include <stdio.h>
int f(int *p) {
  scanf("%d", p + 1);
  scanf("%d", &p); // expected-error {{scanf %d into an object of type 'int *' (expected 'int' or 'unsigned int')}}
  return *p;
}
// -----
#include <stdio.h>
extern FILE *in_file;
int f(void) {
  int x;
  fscanf(in_file, "%d", &x); // expected-error {{'fscanf' from a stream other than stdin}}
  return x;
}
// -----
#include <stdio.h>
int f(int x) {
  scanf(x ? "%d" : "%i", &x); // expected-error {{'scanf' with a format that is not a string literal}}
  return x;
}
// -----
#include <stdlib.h>
int main(int argc, char *argv[]) {
  return (int)strtol(argv[1], NULL, 16); // expected-error {{'strtol' with a base other than 10}}
}
// -----
#include <stdlib.h>
int main(int argc, char *argv[]) {
  char *end;
  return (int)strtol(argv[1], &end, 10); // expected-error {{'strtol' with an end pointer (only NULL is supported)}}
}
// -----
#include <stdlib.h>
int f(int x) {
  return atoi("12"); // expected-error {{'atoi' of something other than argv[i] in main(int argc, char *argv[])}}
}
// -----
#include <stdlib.h>
int helper(char **v) {
  return atoi(v[0]); // expected-error {{'atoi' of something other than argv[i] in main(int argc, char *argv[])}}
}
// -----
int main(int argc, char *argv[]) {
  char **p = argv; // expected-error {{'argv' used other than as atoi(argv[i])}}
  return 0;
}
// -----
#include <stdlib.h>
int main(int argc, char *argv[]) { // expected-error {{argv read at index 64 (at most 63 arguments are modelled)}}
  return atoi(argv[64]);
}
// -----
#include <stdlib.h>
int main(int argc, char *argv[]) {
  char **v = argv; // expected-error {{'argv' used other than as atoi(argv[i])}}
  return atoi(v[1]);
}
// -----
#include <stdlib.h>
int main(int argc, char *argv[]) {
  return argv[1] != 0; // expected-error {{'argv' used other than as atoi(argv[i])}}
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%05c\n", x); // expected-error {{printf directive '%05c': print format directive '%05c' (%c takes only '-' and a width)}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%0s\n", "ab"); // expected-error {{printf directive '%0s' (%s takes '-', a width, a precision)}}
  return 0;
}
// -----
#include <stdio.h>
int f(int x) {
  printf("%300d\n", x); // expected-error {{print format field width or precision above 256}}
  return 0;
}
// -----
#include <stdlib.h>
int f(int x) {
  return abs(x, 1); // expected-error {{too many arguments to function call}}
}
// -----
#include <stdio.h>
int f(void) {
  int x;
  scanf("%c", &x); // expected-error {{scanf %c into an object of type 'int' (expected 'char')}}
  return x;
}
// -----
#include <stdio.h>
int f(void) {
  char x;
  scanf("%lc", &x); // expected-error {{scanf directive '%lc'}}
  return x;
}
// -----
#include <stdio.h>
int f(int *p) {
  printf("%s\n", p); // expected-error {{a string of type 'int *' (a char array or char pointer is)}}
  return 0;
}
// -----
// Fewer arguments than a %Ns or %Nc directive needs: clang 14's own fortify check crashed on these (LLVM issue
// 62927, found by the fuzzer); the front end has clang treat scanf, fscanf and sscanf as plain functions.
#include <stdio.h>
int f(void) {
  return scanf("%4s"); // expected-error {{'scanf' with 0 arguments for 1 conversions}}
}
// -----
#include <stdio.h>
int f(void) {
  return fscanf(stdin, "%d %3c", 0); // expected-error {{'fscanf' with 1 arguments for 2 conversions}}
}
// -----
#include <stdio.h>
int f(const char *s) {
  return sscanf(s, "%2s"); // expected-error {{call to 'sscanf', which has no definition in the file}}
}
