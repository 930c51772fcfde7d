// Arbitrary-precision integers for IR values and literals: an int64 fast path, GMP (mpz) beyond it.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace locus::ir {

/// An integer of any size. Values that fit in int64 are stored inline (no allocation, the arithmetic below
/// takes a branch-free path through the compiler's overflow builtins); larger ones in a shared, immutable
/// GMP integer. Invariant: the GMP form is used only for values outside the int64 range, so equal values
/// have equal representations. Bit operations use two's complement with infinitely many sign bits (as GMP
/// and Python do).
class BigInt {
public:
  BigInt() noexcept = default;
  /// From any signed integer type, or unsigned one narrower than 64 bits (implicit on purpose: literals,
  /// small values). uint64_t values: fromUint64.
  template <typename T>
  requires std::is_integral_v<T> &&(std::is_signed_v<T> ? sizeof(T) <= 8 : sizeof(T) < 8) BigInt(T v) noexcept
      : small_(static_cast<int64_t>(v)) {} // NOLINT
  static BigInt fromUint64(uint64_t v);
  /// `[-]digits` (decimal); nullopt for anything else.
  static std::optional<BigInt> parse(std::string_view decimal);
  /// 2^k.
  static BigInt pow2(unsigned k);

  bool isSmall() const noexcept { return !big_; }
  /// The value if it fits in int64.
  std::optional<int64_t> toInt64() const noexcept {
    if (big_)
      return std::nullopt;
    return small_;
  }
  /// The low 64 bits (two's complement), whatever the size.
  uint64_t low64() const;
  std::string toString() const;
  int sign() const;
  bool isZero() const noexcept { return !big_ && small_ == 0; }
  bool isNegative() const { return sign() < 0; }
  /// The number of bits of |v| (0 for 0).
  unsigned bitLength() const;
  /// Bit k of the two's complement representation.
  bool testBit(unsigned k) const;

  friend BigInt operator+(const BigInt &a, const BigInt &b) {
    int64_t r;
    if (!a.big_ && !b.big_ && !__builtin_add_overflow(a.small_, b.small_, &r))
      return BigInt(r);
    return slow(Slow::Add, a, b);
  }
  friend BigInt operator-(const BigInt &a, const BigInt &b) {
    int64_t r;
    if (!a.big_ && !b.big_ && !__builtin_sub_overflow(a.small_, b.small_, &r))
      return BigInt(r);
    return slow(Slow::Sub, a, b);
  }
  friend BigInt operator*(const BigInt &a, const BigInt &b) {
    int64_t r;
    if (!a.big_ && !b.big_ && !__builtin_mul_overflow(a.small_, b.small_, &r))
      return BigInt(r);
    return slow(Slow::Mul, a, b);
  }
  BigInt operator-() const { return BigInt(0) - *this; }
  /// Quotient and remainder truncated toward zero (C's `/` and `%`); b must not be 0.
  static BigInt truncDiv(const BigInt &a, const BigInt &b);
  static BigInt truncMod(const BigInt &a, const BigInt &b);
  /// a · 2^k and ⌊a / 2^k⌋.
  BigInt shl(unsigned k) const;
  BigInt shrFloor(unsigned k) const;
  static BigInt bitAnd(const BigInt &a, const BigInt &b);
  static BigInt bitOr(const BigInt &a, const BigInt &b);
  static BigInt bitXor(const BigInt &a, const BigInt &b);
  /// The value modulo 2^bits (bits ≥ 1), read as an unsigned number in [0, 2^bits) or as a signed one in
  /// [-2^(bits-1), 2^(bits-1)): what C does when it converts to an integer type of that width.
  BigInt wrap(unsigned bits, bool isSigned) const;

  friend bool operator==(const BigInt &a, const BigInt &b) {
    if (!a.big_ && !b.big_)
      return a.small_ == b.small_;
    return compareSlow(a, b) == 0;
  }
  friend std::strong_ordering operator<=>(const BigInt &a, const BigInt &b) {
    if (!a.big_ && !b.big_)
      return a.small_ <=> b.small_;
    int c = compareSlow(a, b);
    return c < 0   ? std::strong_ordering::less
           : c > 0 ? std::strong_ordering::greater
                   : std::strong_ordering::equal;
  }
  size_t hash() const;

private:
  struct Big; // holds the mpz_t
  enum class Slow : uint8_t { Add, Sub, Mul };
  static BigInt slow(Slow op, const BigInt &a, const BigInt &b);
  static int compareSlow(const BigInt &a, const BigInt &b);

  int64_t small_ = 0;
  std::shared_ptr<const Big> big_; ///< set only for values outside int64
  friend struct BigAccess;
};

std::ostream &operator<<(std::ostream &os, const BigInt &v);

} // namespace locus::ir
