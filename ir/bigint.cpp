// BigInt's GMP side: everything that leaves the int64 range (see bigint.h).
#include "ir/bigint.h"

#include <gmp.h>

#include <ostream>
#include <stdexcept>

namespace locus::ir {

struct BigInt::Big {
  mpz_t z;
  Big() { mpz_init(z); }
  ~Big() { mpz_clear(z); }
  Big(const Big &) = delete;
  Big &operator=(const Big &) = delete;
};

/// Conversions between BigInt and mpz_t (a friend of BigInt).
struct BigAccess {
  /// A temporary mpz copy of any BigInt.
  struct Tmp {
    mpz_t z;
    explicit Tmp(const BigInt &v) {
      if (v.big_) {
        mpz_init_set(z, v.big_->z);
      } else {
        mpz_init(z);
        setInt64(z, v.small_);
      }
    }
    ~Tmp() { mpz_clear(z); }
    Tmp(const Tmp &) = delete;
    Tmp &operator=(const Tmp &) = delete;
  };

  static void setInt64(mpz_t z, int64_t v) {
    // mpz_set_si takes a long, which is 64 bits on the platforms we build for; be explicit anyway.
    if (v >= 0) {
      mpz_set_ui(z, 0);
      mpz_import(z, 1, -1, sizeof(uint64_t), 0, 0, &v);
    } else {
      uint64_t m = uint64_t(0) - static_cast<uint64_t>(v);
      mpz_import(z, 1, -1, sizeof(uint64_t), 0, 0, &m);
      mpz_neg(z, z);
    }
  }

  /// The BigInt holding z's value (inline when it fits int64). z is left unchanged.
  static BigInt from(const mpz_t z) {
    if (mpz_sizeinbase(z, 2) <= 63) {
      uint64_t m = 0;
      size_t count = 0;
      mpz_export(&m, &count, -1, sizeof(uint64_t), 0, 0, z);
      int64_t v = static_cast<int64_t>(m);
      return BigInt(mpz_sgn(z) < 0 ? -v : v);
    }
    if (mpz_cmp_si(z, INT64_MIN) == 0)
      return BigInt(INT64_MIN);
    BigInt r;
    auto b = std::make_shared<BigInt::Big>();
    mpz_set(b->z, z);
    r.big_ = std::move(b);
    return r;
  }
};

namespace {
using Tmp = BigAccess::Tmp;
} // namespace

BigInt BigInt::fromUint64(uint64_t v) {
  if (v <= static_cast<uint64_t>(INT64_MAX))
    return BigInt(static_cast<int64_t>(v));
  mpz_t z;
  mpz_init(z);
  mpz_import(z, 1, -1, sizeof(uint64_t), 0, 0, &v);
  BigInt r = BigAccess::from(z);
  mpz_clear(z);
  return r;
}

std::optional<BigInt> BigInt::parse(std::string_view s) {
  size_t i = s.size() > 0 && s[0] == '-' ? 1 : 0;
  if (i == s.size())
    return std::nullopt;
  for (size_t k = i; k < s.size(); ++k)
    if (s[k] < '0' || s[k] > '9')
      return std::nullopt;
  if (s.size() - i <= 18) { // fits int64 for sure
    int64_t v = 0;
    for (size_t k = i; k < s.size(); ++k)
      v = v * 10 + (s[k] - '0');
    return BigInt(i ? -v : v);
  }
  mpz_t z;
  mpz_init(z);
  std::string digits(s);
  mpz_set_str(z, digits.c_str(), 10);
  BigInt r = BigAccess::from(z);
  mpz_clear(z);
  return r;
}

BigInt BigInt::pow2(unsigned k) {
  if (k < 63)
    return BigInt(int64_t(1) << k);
  mpz_t z;
  mpz_init(z);
  mpz_setbit(z, k);
  BigInt r = BigAccess::from(z);
  mpz_clear(z);
  return r;
}

uint64_t BigInt::low64() const {
  if (!big_)
    return static_cast<uint64_t>(small_);
  Tmp t(*this);
  mpz_t m;
  mpz_init(m);
  mpz_fdiv_r_2exp(m, t.z, 64); // in [0, 2^64)
  uint64_t out = 0;
  size_t count = 0;
  mpz_export(&out, &count, -1, sizeof(uint64_t), 0, 0, m);
  mpz_clear(m);
  return out;
}

std::string BigInt::toString() const {
  if (!big_)
    return std::to_string(small_);
  std::string s(mpz_sizeinbase(big_->z, 10) + 2, '\0');
  mpz_get_str(s.data(), 10, big_->z);
  s.resize(s.find('\0'));
  return s;
}

int BigInt::sign() const {
  if (!big_)
    return small_ < 0 ? -1 : small_ > 0 ? 1 : 0;
  return mpz_sgn(big_->z);
}

unsigned BigInt::bitLength() const {
  if (!big_) {
    uint64_t m = small_ < 0 ? uint64_t(0) - static_cast<uint64_t>(small_) : static_cast<uint64_t>(small_);
    return m == 0 ? 0 : 64u - static_cast<unsigned>(__builtin_clzll(m));
  }
  return static_cast<unsigned>(mpz_sizeinbase(big_->z, 2));
}

bool BigInt::testBit(unsigned k) const {
  if (!big_)
    return k >= 63 ? small_ < 0 : ((static_cast<uint64_t>(small_) >> k) & 1) != 0;
  return mpz_tstbit(big_->z, k) != 0;
}

BigInt BigInt::slow(Slow op, const BigInt &a, const BigInt &b) {
  Tmp x(a), y(b);
  switch (op) {
  case Slow::Add: mpz_add(x.z, x.z, y.z); break;
  case Slow::Sub: mpz_sub(x.z, x.z, y.z); break;
  case Slow::Mul: mpz_mul(x.z, x.z, y.z); break;
  }
  return BigAccess::from(x.z);
}

int BigInt::compareSlow(const BigInt &a, const BigInt &b) {
  Tmp x(a), y(b);
  int c = mpz_cmp(x.z, y.z);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

BigInt BigInt::truncDiv(const BigInt &a, const BigInt &b) {
  if (b.isZero())
    throw std::domain_error("BigInt: division by zero");
  if (!a.big_ && !b.big_ && !(a.small_ == INT64_MIN && b.small_ == -1))
    return BigInt(a.small_ / b.small_);
  Tmp x(a), y(b);
  mpz_tdiv_q(x.z, x.z, y.z);
  return BigAccess::from(x.z);
}

BigInt BigInt::truncMod(const BigInt &a, const BigInt &b) {
  if (b.isZero())
    throw std::domain_error("BigInt: remainder by zero");
  if (!a.big_ && !b.big_)
    return b.small_ == -1 ? BigInt(0) : BigInt(a.small_ % b.small_);
  Tmp x(a), y(b);
  mpz_tdiv_r(x.z, x.z, y.z);
  return BigAccess::from(x.z);
}

BigInt BigInt::shl(unsigned k) const {
  if (!big_ && k < 63) {
    int64_t r;
    if (!__builtin_mul_overflow(small_, int64_t(1) << k, &r))
      return BigInt(r);
  }
  Tmp x(*this);
  mpz_mul_2exp(x.z, x.z, k);
  return BigAccess::from(x.z);
}

BigInt BigInt::shrFloor(unsigned k) const {
  if (!big_)
    return BigInt(k >= 63 ? (small_ < 0 ? -1 : 0) : small_ >> k); // >> on int64 is arithmetic (C++20)
  Tmp x(*this);
  mpz_fdiv_q_2exp(x.z, x.z, k);
  return BigAccess::from(x.z);
}

BigInt BigInt::bitAnd(const BigInt &a, const BigInt &b) {
  if (!a.big_ && !b.big_)
    return BigInt(a.small_ & b.small_);
  Tmp x(a), y(b);
  mpz_and(x.z, x.z, y.z);
  return BigAccess::from(x.z);
}

BigInt BigInt::bitOr(const BigInt &a, const BigInt &b) {
  if (!a.big_ && !b.big_)
    return BigInt(a.small_ | b.small_);
  Tmp x(a), y(b);
  mpz_ior(x.z, x.z, y.z);
  return BigAccess::from(x.z);
}

BigInt BigInt::bitXor(const BigInt &a, const BigInt &b) {
  if (!a.big_ && !b.big_)
    return BigInt(a.small_ ^ b.small_);
  Tmp x(a), y(b);
  mpz_xor(x.z, x.z, y.z);
  return BigAccess::from(x.z);
}

BigInt BigInt::wrap(unsigned bits, bool isSigned) const {
  if (bits == 0)
    throw std::invalid_argument("BigInt::wrap: zero bits");
  if (!big_ && bits < 64) {
    uint64_t u = static_cast<uint64_t>(small_) & ((uint64_t(1) << bits) - 1);
    if (isSigned && (u >> (bits - 1)) & 1)
      u |= ~((uint64_t(1) << bits) - 1); // sign-extend
    return BigInt(static_cast<int64_t>(u));
  }
  if (!big_ && bits == 64 && (isSigned || small_ >= 0))
    return *this;
  Tmp x(*this);
  mpz_fdiv_r_2exp(x.z, x.z, bits); // in [0, 2^bits)
  if (isSigned && mpz_tstbit(x.z, bits - 1)) {
    mpz_t m;
    mpz_init(m);
    mpz_setbit(m, bits);
    mpz_sub(x.z, x.z, m);
    mpz_clear(m);
  }
  return BigAccess::from(x.z);
}

std::ostream &operator<<(std::ostream &os, const BigInt &v) {
  return os << v.toString();
}

size_t BigInt::hash() const {
  if (!big_)
    return std::hash<int64_t>()(small_);
  return std::hash<std::string>()(toString());
}

} // namespace locus::ir
