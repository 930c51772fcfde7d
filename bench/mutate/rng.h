// A portable pseudo-random generator for the fault injector: SplitMix64 (Steele, Lea, Flood 2014). Its
// output, and every draw made from it here, is the same on every platform and standard library, which is
// what makes a faulty suite regenerate byte-identically from its seed.
#pragma once

#include <cstdint>
#include <string_view>

namespace locus::mutate {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  /// A value in [0, n) (n > 0), by rejection so that every value is equally likely.
  uint64_t below(uint64_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do
      r = next();
    while (r >= limit);
    return r % n;
  }

private:
  uint64_t state_;
};

/// A 64-bit FNV-1a hash of a string, for deriving seeds from names (program ids, class names).
inline uint64_t hashName(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

/// Combines a seed with a name into an independent seed (one SplitMix64 step over the mix).
inline uint64_t deriveSeed(uint64_t seed, std::string_view name) {
  return SplitMix64(seed ^ hashName(name)).next();
}

} // namespace locus::mutate
