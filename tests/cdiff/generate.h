// Random C programs for the differential test (cdiff.cpp --random): integer arithmetic over every C integer
// type, signed and unsigned (char, short, int, long, long long, _Bool), with casts, narrowing, promotions
// and the usual arithmetic conversions, signed/unsigned comparisons, bit operations and shifts, compound
// assignments, increments, conditionals, loops, switches, gotos (forward, and backward with a counter) and
// helper functions with parameters of those types. Every program is free of undefined behaviour except
// where the driver can tell (signed overflow, shift amounts out of range, division by zero: gcc's sanitizers
// report them), and it ends: loops and backward gotos are bounded.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cdiff {

/// One generated program: a function `unsigned long long <entry>(void)` that draws its inputs from
/// `__VERIFIER_nondet_*` (in `rounds` rounds) and returns a checksum of every variable.
struct Program {
  std::string entry;
  std::string text;                 ///< helpers, globals and the entry function (no includes, no main)
  std::vector<std::string> nondets; ///< the nondet calls in the order one run makes them (per round)
  int rounds = 0;
  bool memory = false; ///< uses the memory features (arrays, pointers, structs with arrays, memset/memcpy)
};

/// A program from a seed (the same seed, the same program). `id` names its entry and helpers.
Program generate(uint64_t seed, int id);

/// The declarations every batch file needs (the nondet built-ins of every type).
std::string prelude();
/// Definitions of the nondet built-ins of every type, each returning `source()` converted to its type.
std::string nondetDefinitions(const std::string &source);

/// Values for one run's nondet calls: `count` numbers (decimal, int64 range; the callee converts each to its
/// type as a C conversion does), biased towards the edges of the integer types.
std::vector<std::string> inputs(uint64_t seed, const std::vector<std::string> &calls);

} // namespace cdiff
