// The gcc side of the C differential test: the SV-COMP built-ins with the nondet values the locus
// interpreter would use (LOCUS_NONDET: comma-separated ints consumed first; then LOCUS_SEED: the
// interpreter's std::mt19937_64 draws, ir/README.md), and outcome lines the driver (cdiff.cpp) reads.
// Linked with -Wl,--wrap=exit,--wrap=abort so that exit(N) reports `exit N` (modulo 256, as the shell sees
// it) and abort() `abort`; the program's own output comes first on stdout (the same FILE, flushed in order).
// The values are read as 64-bit integers and converted to each built-in's type as a C conversion does (as
// the interpreter does).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {
std::vector<long long> values;
size_t next = 0;
std::optional<std::mt19937_64> rng;
bool loaded = false;

[[noreturn]] void report(const char *outcome) {
  std::printf("OUTCOME %s\n", outcome);
  std::fflush(stdout);
  _exit(0);
}

void load() {
  if (loaded)
    return;
  loaded = true;
  if (const char *list = std::getenv("LOCUS_NONDET")) {
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ','))
      if (!item.empty())
        values.push_back(std::stoll(item));
  }
  if (const char *seed = std::getenv("LOCUS_SEED"))
    rng.emplace(std::stoull(seed));
}

/// The next nondet value as the interpreter draws an int (or a bool when isBool).
long long draw(bool isBool) {
  load();
  if (next < values.size())
    return values[next++];
  if (!rng)
    report("no-input");
  uint64_t r = (*rng)();
  if (isBool)
    return (r >> 7) & 1;
  static constexpr long long extremes[] = {INT32_MIN, INT32_MAX, -1000, 1000};
  if (r % 8 == 0)
    return extremes[(r >> 3) % 4];
  return static_cast<long long>((r >> 3) % 17) - 8;
}
} // namespace

extern "C" {
int __VERIFIER_nondet_int(void) {
  return static_cast<int>(draw(false));
}
unsigned int __VERIFIER_nondet_uint(void) {
  return static_cast<unsigned int>(draw(false));
}
long __VERIFIER_nondet_long(void) {
  return static_cast<long>(draw(false));
}
unsigned long __VERIFIER_nondet_ulong(void) {
  return static_cast<unsigned long>(draw(false));
}
long long __VERIFIER_nondet_longlong(void) {
  return static_cast<long long>(draw(false));
}
unsigned long long __VERIFIER_nondet_ulonglong(void) {
  return static_cast<unsigned long long>(draw(false));
}
signed char __VERIFIER_nondet_schar(void) {
  return static_cast<signed char>(draw(false));
}
char __VERIFIER_nondet_char(void) {
  return static_cast<char>(draw(false));
}
unsigned char __VERIFIER_nondet_uchar(void) {
  return static_cast<unsigned char>(draw(false));
}
short __VERIFIER_nondet_short(void) {
  return static_cast<short>(draw(false));
}
unsigned short __VERIFIER_nondet_ushort(void) {
  return static_cast<unsigned short>(draw(false));
}
bool __VERIFIER_nondet_bool(void) {
  return draw(true) != 0;
}
void __VERIFIER_assume(int c) {
  if (!c)
    report("infeasible");
}
void __VERIFIER_assert(int c) {
  if (!c)
    report("assert");
}
void reach_error(void) {
  report("assert");
}
void __assert_fail(const char *, const char *, unsigned, const char *) {
  report("assert");
}
// The random programs (cdiff --random): which entry to run (CDIFF_WHICH), and its checksum as the outcome.
int __cdiff_which(void) {
  const char *w = std::getenv("CDIFF_WHICH");
  return w ? std::atoi(w) : 0;
}
void __cdiff_value(unsigned long long v) {
  std::printf("OUTCOME value %llu\n", v);
  std::fflush(stdout);
  _exit(0);
}
void __wrap_exit(int code) {
  std::string outcome = "exit " + std::to_string(code & 255);
  report(outcome.c_str());
}
void __wrap_abort(void) {
  report("abort");
}
}
