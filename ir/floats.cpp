// The floating-point semantics of the IR on the host's IEEE 754 arithmetic (x86-64 SSE; no excess precision:
// every operation below is computed in its own type and stored).
#include "ir/floats.h"

#include "ir/ints.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace locus::ir {

static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559);

uint64_t floatBits(const BigInt &v, Type t) {
  uint64_t u = static_cast<uint64_t>(v.toInt64().value_or(0));
  return t.bits == 32 ? u & 0xffffffffu : u;
}

BigInt floatValue(uint64_t bits, Type t) {
  return BigInt(static_cast<int64_t>(t.bits == 32 ? bits & 0xffffffffu : bits));
}

namespace {

float asF(uint64_t bits) {
  return std::bit_cast<float>(static_cast<uint32_t>(bits));
}
double asD(uint64_t bits) {
  return std::bit_cast<double>(bits);
}
uint64_t ofF(float f) {
  return std::bit_cast<uint32_t>(f);
}
uint64_t ofD(double d) {
  return std::bit_cast<uint64_t>(d);
}

/// One float operator in the type T (float or double), never contracted with another (one per call).
template <typename T> T apply(Op op, T a, T b) {
  switch (op) {
  case Op::Neg: return -a;
  case Op::Add: return a + b;
  case Op::Sub: return a - b;
  case Op::Mul: return a * b;
  case Op::Div: return a / b;
  case Op::FAbs: return std::fabs(a);
  case Op::FSqrt: return std::sqrt(a);
  case Op::FFloor: return std::floor(a);
  case Op::FCeil: return std::ceil(a);
  case Op::FRound: return std::round(a);
  case Op::FTrunc: return std::trunc(a);
  default: return a;
  }
}

template <typename T> bool compare(Op op, T a, T b) {
  switch (op) {
  case Op::Eq: return a == b;
  case Op::Ne: return a != b;
  case Op::Lt: return a < b;
  case Op::Le: return a <= b;
  case Op::Gt: return a > b;
  case Op::Ge: return a >= b;
  default: return false;
  }
}

} // namespace

uint64_t bitsOf(double d, Type t) {
  return t.bits == 32 ? ofF(static_cast<float>(d)) : ofD(d);
}

double toDouble(uint64_t bits, Type t) {
  return t.bits == 32 ? static_cast<double>(asF(bits)) : asD(bits);
}

bool isNaN(uint64_t bits, Type t) {
  return std::isnan(toDouble(bits, t));
}

BigInt evalFloatOp(Op op, Type t, const BigInt &a, const BigInt &b) {
  uint64_t x = floatBits(a, t), y = floatBits(b, t);
  if (t.bits == 32)
    return floatValue(ofF(apply<float>(op, asF(x), asF(y))), t);
  return floatValue(ofD(apply<double>(op, asD(x), asD(y))), t);
}

bool compareFloats(Op op, Type t, const BigInt &a, const BigInt &b) {
  uint64_t x = floatBits(a, t), y = floatBits(b, t);
  if (t.bits == 32)
    return compare<float>(op, asF(x), asF(y));
  return compare<double>(op, asD(x), asD(y));
}

std::optional<BigInt> floatToInt(const BigInt &v, Type from, Type to) {
  double d = std::trunc(toDouble(floatBits(v, from), from)); // exact: every float is a double
  if (std::isnan(d) || !to.isFixedInt())
    return std::nullopt;
  const double lo = to.isSigned ? -std::ldexp(1.0, to.bits - 1) : 0.0;
  const double hiExcl = std::ldexp(1.0, to.isSigned ? to.bits - 1 : to.bits);
  if (!(d >= lo && d < hiExcl)) // -0.0 >= 0.0: (unsigned)-0.5 is 0
    return std::nullopt;
  if (d < 0 || d < std::ldexp(1.0, 63))
    return BigInt(static_cast<int64_t>(d));
  return BigInt::fromUint64(static_cast<uint64_t>(d));
}

BigInt intToFloat(const BigInt &v, Type from, Type to) {
  BigInt w = convertTo(v, from, IntMode::Math);
  if (!from.isSigned) {
    uint64_t u = w.low64();
    return floatValue(to.bits == 32 ? ofF(static_cast<float>(u)) : ofD(static_cast<double>(u)), to);
  }
  int64_t s = w.toInt64().value_or(0);
  return floatValue(to.bits == 32 ? ofF(static_cast<float>(s)) : ofD(static_cast<double>(s)), to);
}

BigInt floatToFloat(const BigInt &v, Type from, Type to) {
  uint64_t x = floatBits(v, from);
  if (from.bits == to.bits)
    return floatValue(x, to);
  if (from.bits == 32)
    return floatValue(ofD(static_cast<double>(asF(x))), to);
  return floatValue(ofF(static_cast<float>(asD(x))), to);
}

std::optional<BigInt> castFloat(const BigInt &v, Type from, Type to) {
  if (from.kind == Type::Float && to.kind == Type::Float)
    return floatToFloat(v, from, to);
  if (from.kind == Type::Float)
    return floatToInt(v, from, to);
  return intToFloat(v, from, to);
}

std::string floatLiteral(const BigInt &v, Type t) {
  uint64_t bits = floatBits(v, t);
  std::string suffix = t.bits == 32 ? "f32" : "f64";
  double d = toDouble(bits, t);
  if (std::isnan(d)) {
    char buf[24];
    std::snprintf(buf, sizeof buf, t.bits == 32 ? "%08llx" : "%016llx",
                  static_cast<unsigned long long>(bits));
    return "nan_" + std::string(buf) + "_" + suffix;
  }
  if (std::isinf(d))
    return std::string(d < 0 ? "-" : "") + "inf_" + suffix;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", d);
  return buf + suffix;
}

std::optional<std::pair<BigInt, Type>> parseFloatLiteral(const std::string &text) {
  if (text.size() < 4)
    return std::nullopt;
  std::string suffix = text.substr(text.size() - 3);
  if (suffix != "f32" && suffix != "f64")
    return std::nullopt;
  Type t = Type::floatType(suffix == "f32" ? 32 : 64);
  std::string body = text.substr(0, text.size() - 3);
  if (body == "inf_")
    return std::pair{floatValue(bitsOf(HUGE_VAL, t), t), t};
  if (body.rfind("nan_", 0) == 0 && body.size() > 5 && body.back() == '_') {
    std::string hex = body.substr(4, body.size() - 5);
    if (hex.size() != (t.bits == 32 ? 8u : 16u) ||
        hex.find_first_not_of("0123456789abcdef") != std::string::npos)
      return std::nullopt;
    uint64_t bits = std::strtoull(hex.c_str(), nullptr, 16);
    if (!isNaN(bits, t))
      return std::nullopt;
    return std::pair{floatValue(bits, t), t};
  }
  if (body.rfind("0x", 0) != 0)
    return std::nullopt;
  char *end = nullptr;
  double d = std::strtod(body.c_str(), &end);
  if (end != body.c_str() + body.size() || std::isinf(d))
    return std::nullopt;
  uint64_t bits = bitsOf(d, t);
  if (toDouble(bits, t) != d) // not a value of float32
    return std::nullopt;
  return std::pair{floatValue(bits, t), t};
}

std::string floatDisplay(const BigInt &v, Type t) {
  uint64_t bits = floatBits(v, t);
  double d = toDouble(bits, t);
  if (std::isnan(d))
    return std::signbit(d) ? "-nan" : "nan";
  if (std::isinf(d))
    return d < 0 ? "-inf" : "inf";
  char buf[64]; // the shortest text that reads back as the same float (of its own type)
  auto [end, ec] = t.bits == 32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(d))
                                : std::to_chars(buf, buf + sizeof buf, d);
  return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

} // namespace locus::ir
