// Random C programs for the differential test (cdiff.cpp --random): integer arithmetic over every C integer
// type, signed and unsigned (char, short, int, long, long long, _Bool), with casts, narrowing, promotions
// and the usual arithmetic conversions, signed/unsigned comparisons, bit operations and shifts, compound
// assignments, increments, conditionals, loops, switches, gotos (forward, and backward with a counter) and
// helper functions with parameters of those types. About half of the programs (drawn per seed, apart: the
// others are those of the generator before it had them) also exercise the C front end's memory model: local
// and global arrays of those types (one- and two-dimensional, 1 to 12 elements, partial `{…}` initializers),
// element reads and writes at indexes kept in bounds (`a[(unsigned)(e) % 7u]`, loop counters, constants),
// loops over an array's elements (`#pragma locus unwind N`, for locus verify) and of a `T *q` over them,
// array helpers `f(T *p, int n, X x)` looping over `p[i]` (passed an array, a row, or a pointer into one with
// the rest's length), `T *` pointers into arrays whose offset stays in the array (`p = a + i`, `&a[i]`,
// `if (p < a + N - 1) p++`, `p = q + (p - q) / 2`, reads and writes `*p`, `p[k]`, `*(p + k)` with k below
// the rest's length, `p - a`, `q - p`, `p < q`, `p == q`), pointers to scalar locals and globals (`&x`, `*p
// op= …`, reseated to another variable), `T **pp = &p` (`**pp`, `(*pp)[k]`, `*pp = …`), a struct with an
// array field (`st0.d[i]`, copies `st1 = st0`), an array of structs (`sa[i].x`, `sa[i] = sa[j]`), and
// memset (a byte; 0 or 1 for _Bool), memcpy (ranges that do not overlap) and memmove of whole arrays and
// parts. Every array is initialized at its declaration (locus would draw an indeterminate one's contents as
// nondet input), and the checksum folds every element, every pointer's offset and target. (Not generated:
// `&s.f` of a struct field — it gives every `T *` of the file record parts, which memcpy rejects — and global
// structs, whose address may not be taken.) Every program is free of undefined behaviour except where the
// driver can tell (signed overflow, shift amounts out of range, division by zero: gcc's sanitizers report
// them), and it ends: loops and backward gotos are bounded.
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

/// The declarations every batch file needs (memset, memcpy, memmove and the nondet built-ins of every type).
std::string prelude();
/// Definitions of the nondet built-ins of every type, each returning `source()` converted to its type.
std::string nondetDefinitions(const std::string &source);

/// Values for one run's nondet calls: `count` numbers (decimal, int64 range; the callee converts each to its
/// type as a C conversion does), biased towards the edges of the integer types.
std::vector<std::string> inputs(uint64_t seed, const std::vector<std::string> &calls);

} // namespace cdiff
