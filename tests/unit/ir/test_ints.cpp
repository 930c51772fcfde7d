// Unit tests of ir::BigInt (the int64 fast path against GMP) and of the integer semantics in ir/ints.h.
#include "ir/bigint.h"
#include "ir/ints.h"

#include <cstdint>
#include <random>

#include <doctest/doctest.h>

using namespace locus::ir;

namespace {
BigInt big(const char *s) {
  return *BigInt::parse(s);
}
} // namespace

TEST_CASE("BigInt: parse, print, int64 boundaries both ways") {
  CHECK(big("0") == 0);
  CHECK(big("-9223372036854775808") == INT64_MIN);
  CHECK(big("-9223372036854775808").isSmall());
  CHECK_FALSE(big("9223372036854775808").isSmall());
  CHECK(big("9223372036854775808").toString() == "9223372036854775808");
  CHECK(big("-123456789012345678901234567890").toString() == "-123456789012345678901234567890");
  CHECK_FALSE(BigInt::parse("12a"));
  CHECK_FALSE(BigInt::parse("-"));
  CHECK_FALSE(BigInt::parse(""));
  CHECK(BigInt(INT64_MAX) + 1 == big("9223372036854775808"));
  CHECK((BigInt(INT64_MAX) + 1 - 1).isSmall()); // back inline
  CHECK(BigInt(INT64_MIN) - 1 == big("-9223372036854775809"));
  CHECK(-BigInt(INT64_MIN) == big("9223372036854775808"));
  CHECK(BigInt(int64_t(1) << 32) * BigInt(int64_t(1) << 32) == big("18446744073709551616"));
  CHECK(BigInt::pow2(64) == big("18446744073709551616"));
  CHECK(BigInt::fromUint64(UINT64_MAX) == big("18446744073709551615"));
  CHECK(big("18446744073709551615").low64() == UINT64_MAX);
  CHECK(BigInt(-1).low64() == UINT64_MAX);
  CHECK(big("-18446744073709551617").bitLength() == 65);
  CHECK(BigInt(0).bitLength() == 0);
  CHECK(BigInt(-8).bitLength() == 4);
}

TEST_CASE("BigInt: truncating division, floor shifts, two's complement bit operations") {
  CHECK(BigInt::truncDiv(-7, 2) == -3);
  CHECK(BigInt::truncMod(-7, 2) == -1);
  CHECK(BigInt::truncDiv(INT64_MIN, -1) == big("9223372036854775808"));
  CHECK(BigInt::truncMod(INT64_MIN, -1) == 0);
  CHECK(BigInt::truncDiv(big("-100000000000000000000"), 7) == big("-14285714285714285714"));
  CHECK(BigInt::truncMod(big("-100000000000000000000"), 7) == -2);
  CHECK(BigInt(-1).shrFloor(5) == -1);
  CHECK(BigInt(-9).shrFloor(1) == -5);
  CHECK(big("-18446744073709551617").shrFloor(64) == -2);
  CHECK(BigInt(3).shl(70) == big("3541774862152233910272"));
  CHECK(BigInt::bitAnd(-1, big("18446744073709551615")) == big("18446744073709551615"));
  CHECK(BigInt::bitXor(big("-18446744073709551616"), -1) == big("18446744073709551615"));
  CHECK(BigInt(-2).testBit(100));
  CHECK_FALSE(BigInt(2).testBit(0));
}

TEST_CASE("BigInt: random values agree with __int128 arithmetic on both sides of the int64 boundary") {
  std::mt19937_64 rng(7);
  auto draw = [&]() -> __int128 {
    switch (rng() % 4) {
    case 0: return static_cast<int64_t>(rng()) >> (rng() % 64);
    case 1: return static_cast<__int128>(static_cast<int64_t>(rng())) * static_cast<int64_t>(rng() >> 20);
    case 2: return INT64_MAX - static_cast<int64_t>(rng() % 4);
    default: return static_cast<__int128>(INT64_MIN) + static_cast<int64_t>(rng() % 4) - 2;
    }
  };
  auto str = [](__int128 v) {
    bool neg = v < 0;
    unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
    std::string s;
    do
      s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    while (u /= 10);
    return neg ? "-" + s : s;
  };
  for (int i = 0; i < 20000; ++i) {
    __int128 a = draw(), b = draw();
    BigInt x = big(str(a).c_str()), y = big(str(b).c_str());
    INFO(str(a) << " " << str(b));
    REQUIRE(x.toString() == str(a));
    CHECK((x + y).toString() == str(a + b));
    CHECK((x - y).toString() == str(a - b));
    if ((a < 0 ? -a : a) < (static_cast<__int128>(1) << 62) && (b < 0 ? -b : b) < (static_cast<__int128>(1) << 62))
      CHECK((x * y).toString() == str(a * b));
    CHECK(((x < y) == (a < b)));
    CHECK(((x == y) == (a == b)));
    if (b != 0) {
      CHECK(BigInt::truncDiv(x, y).toString() == str(a / b));
      CHECK(BigInt::truncMod(x, y).toString() == str(a % b));
    }
    CHECK(BigInt::bitAnd(x, y).toString() == str(a & b));
    CHECK(BigInt::bitOr(x, y).toString() == str(a | b));
    CHECK(BigInt::bitXor(x, y).toString() == str(a ^ b));
    for (unsigned w : {8u, 16u, 32u, 64u}) {
      __int128 m = static_cast<__int128>(1) << w, u = ((a % m) + m) % m;
      CHECK(x.wrap(w, false).toString() == str(u));
      CHECK(x.wrap(w, true).toString() == str(u >= m / 2 ? u - m : u));
    }
  }
}

TEST_CASE("integer semantics: conversions, normalization, operators in both modes") {
  Type i8 = Type::fixedInt(8, true), u8 = Type::fixedInt(8, false), i32 = Type::fixedInt(32, true),
       u32 = Type::fixedInt(32, false), i64 = Type::fixedInt(64, true), u64 = Type::fixedInt(64, false);
  Type ii = Type::intType();
  for (IntMode m : {IntMode::Math, IntMode::BV32}) {
    CHECK(convertTo(300, i8, m) == 44);
    CHECK(convertTo(-129, i8, m) == 127);
    CHECK(convertTo(-1, u32, m) == 4294967295LL);
    CHECK(convertTo(big("18446744073709551617000"), u64, m) == 1000);
    CHECK(castValue(-1, i32, u64, m) == big("18446744073709551615"));
    CHECK(castValue(200, u8, i32, m) == 200);
    CHECK(*evalIntOp(Op::Sub, u32, 0, 1, m) == 4294967295LL); // unsigned wraps in both modes
    CHECK(*evalIntOp(Op::Mul, u8, 16, 16, m) == 0);
    CHECK(*evalIntOp(Op::Div, u32, 4294967295LL, 10, m) == 429496729);
    CHECK_FALSE(evalIntOp(Op::Mod, i32, 5, 0, m));
    CHECK(*evalIntOp(Op::BitNot, u8, 5, 0, m) == 250);
    CHECK(*evalIntOp(Op::BitNot, i32, 5, 0, m) == -6);
    CHECK(*evalIntOp(Op::BitAnd, i32, -1, 0xff, m) == 0xff);
    CHECK(*evalIntOp(Op::Shr, i32, -8, 1, m) == -4);
    CHECK(*evalIntOp(Op::Shr, u32, 4294967295LL, 28, m) == 15);
    CHECK(*evalIntOp(Op::Shl, u32, 4294967295LL, 4, m) == 4294967280LL);
    CHECK(*evalIntOp(Op::Shl, u8, 1, 8, m) == 0);    // amount out of range: every bit shifted out
    CHECK(*evalIntOp(Op::Shr, i32, -5, 40, m) == -1); // …the sign kept for >>
    CHECK(*evalIntOp(Op::Shl, i64, 1, -1, m) == 0);
  }
  // Signed arithmetic: mathematical in Math, wrapping in BV32; GCL's int: unbounded / 32 bits.
  CHECK(*evalIntOp(Op::Add, i32, INT32_MAX, 1, IntMode::Math) == 2147483648LL);
  CHECK(*evalIntOp(Op::Add, i32, INT32_MAX, 1, IntMode::BV32) == INT32_MIN);
  CHECK(*evalIntOp(Op::Shl, i32, 1, 31, IntMode::Math) == 2147483648LL);
  CHECK(*evalIntOp(Op::Shl, i32, 1, 31, IntMode::BV32) == INT32_MIN);
  CHECK(*evalIntOp(Op::Div, i32, INT32_MIN, -1, IntMode::BV32) == INT32_MIN);
  CHECK(*evalIntOp(Op::Mul, ii, INT64_MAX, INT64_MAX, IntMode::Math) == big("85070591730234615847396907784232501249"));
  CHECK(*evalIntOp(Op::Mul, ii, 65536, 65536, IntMode::BV32) == 0);
  CHECK(convertTo(big("99999999999999999999"), ii, IntMode::Math) == big("99999999999999999999"));
  // Widening keeps a (math mode, out-of-range) value; narrowing and sign changes wrap.
  CHECK(castValue(2147483648LL, i32, i64, IntMode::Math) == 2147483648LL);
  CHECK(castValue(2147483648LL, i64, i32, IntMode::Math) == INT32_MIN);
  CHECK(rangeContains(i64, u32, IntMode::Math));
  CHECK_FALSE(rangeContains(u64, i8, IntMode::Math));
  CHECK_FALSE(rangeContains(i32, u32, IntMode::Math));
  CHECK(rangeContains(ii, u64, IntMode::Math));
  CHECK_FALSE(rangeContains(ii, u64, IntMode::BV32));
  CHECK(rangeContains(ii, i32, IntMode::BV32));
}
