// Fuzzing seed: every integer type, literal suffixes and bases, conversions, bit operations, shifts.
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern signed char __VERIFIER_nondet_schar(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_ulonglong() & 1;
  char c = '\xff';
  signed char sc = __VERIFIER_nondet_schar();
  unsigned char uc = 300;
  short s = -32768;
  unsigned short us = 65535u;
  int i = 0x7fffffff;
  unsigned u = 4294967295U;
  long l = -9223372036854775807L - 1;
  unsigned long ul = 0xffffffffffffffffUL;
  long long ll = 0x8000000000000000LL;
  unsigned long long ull = __VERIFIER_nondet_ulonglong();
  u += (unsigned)c * sc;
  l ^= (long)(ull >> (i & 63)) | (us << 3);
  ll = (ll << (uc & 31)) + (-ul > ull) - (u < -1) + (sizeof(long) == 8 ? 1ll : 2ull);
  s >>= 2; i %= (s ? s : 1); b++; b--; ++uc; ul /= (ull | 1);
  return (int)(b + c + sc + uc + s + us + i + u + l + ul + ll + ull) & 0xff;
}
