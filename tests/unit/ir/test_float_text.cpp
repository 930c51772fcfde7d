// Unit tests of ir::floatTextRange: the doubles glibc's printf prints as a given text with a float
// conversion, the range the encoder's expected-output automaton matches a printed float against
// (backends/encoder/io.cpp, matchFloat).
#include "ir/floats.h"
#include "ir/io.h"

#include <cmath>
#include <cstring>
#include <random>

#include <doctest/doctest.h>

using namespace locus::ir;

namespace {

const Type kDouble = Type::floatType(64);

double of(int64_t key) {
  uint64_t b = floatOfOrderKey(key);
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

int64_t key(double d) {
  return floatOrderKey(bitsOf(d, kDouble));
}

std::string text(const std::string &spec, double d) {
  return formatFloat(spec, floatValue(bitsOf(d, kDouble), kDouble));
}

/// The range is exactly the doubles that print `t`: its ends do, the doubles just outside do not.
void checkExact(const std::string &spec, const std::string &t) {
  CAPTURE(spec);
  CAPTURE(t);
  std::optional<FloatRange> r = floatTextRange(spec, t);
  REQUIRE(r);
  CHECK(r->lo <= r->hi);
  CHECK(text(spec, of(r->lo)) == t);
  CHECK(text(spec, of(r->hi)) == t);
  CHECK(text(spec, of(r->lo + (r->hi - r->lo) / 2)) == t);
  if (!std::isinf(of(r->lo)))
    CHECK(text(spec, of(r->lo - 1)) != t);
  if (!std::isinf(of(r->hi)))
    CHECK(text(spec, of(r->hi + 1)) != t);
}

} // namespace

TEST_CASE("floatTextRange: the order keys") {
  CHECK(key(-0.0) == -1);
  CHECK(key(0.0) == 0);
  CHECK(key(-1.0) < key(-0.5));
  CHECK(key(-HUGE_VAL) < key(-1e308));
  CHECK(key(1e308) < key(HUGE_VAL));
  for (double d : {-HUGE_VAL, -2.5, -0.0, 0.0, 1e-310, 3.75, HUGE_VAL})
    CHECK(of(key(d)) == d);
}

TEST_CASE("floatTextRange: %.2f, ties to even, signed zeros, padding") {
  std::optional<FloatRange> r = floatTextRange("%.2f", "17.00");
  REQUIRE(r);
  CHECK(of(r->lo) == doctest::Approx(16.995));
  CHECK(of(r->hi) == doctest::Approx(17.005));
  checkExact("%.2f", "17.00");
  // 0.125 is a double and a tie: glibc rounds it to even, "0.12"
  r = floatTextRange("%.2f", "0.12");
  REQUIRE(r);
  CHECK(of(r->hi) == 0.125);
  checkExact("%.2f", "0.13");
  // -0.001 prints "-0.00", +0.001 "0.00": the ranges meet between -0.0 and +0.0
  r = floatTextRange("%.2f", "-0.00");
  REQUIRE(r);
  CHECK(r->hi == key(-0.0));
  r = floatTextRange("%.2f", "0.00");
  REQUIRE(r);
  CHECK(r->lo == key(0.0));
  checkExact("%6.2f", " 17.00");
  checkExact("%-7.2f", "17.00  ");
  checkExact("%+.1f", "+1.5");
  checkExact("%.0f", "2"); // 1.5 and 2.5 both round to 2
  CHECK(of(floatTextRange("%.0f", "2")->lo) == 1.5);
  CHECK(of(floatTextRange("%.0f", "2")->hi) == 2.5);
}

TEST_CASE("floatTextRange: texts no double prints") {
  CHECK_FALSE(floatTextRange("%.2f", "17.0"));
  CHECK_FALSE(floatTextRange("%.2f", "17.000"));
  CHECK_FALSE(floatTextRange("%.2f", "17"));
  CHECK_FALSE(floatTextRange("%.2f", " 17.00")); // no width: no padding
  CHECK_FALSE(floatTextRange("%.2f", "nan"));    // a NaN's sign is not kept: matched by none
  CHECK_FALSE(floatTextRange("%.2f", "-nan"));
  CHECK_FALSE(floatTextRange("%.2f", ""));
  CHECK_FALSE(floatTextRange("%.2f", "1 7.00"));
  CHECK_FALSE(floatTextRange("%e", "17.00"));
}

TEST_CASE("floatTextRange: %e, %g, %f, infinities") {
  checkExact("%e", "1.700000e+01");
  checkExact("%g", "1e+06");
  checkExact("%g", "0.1");
  checkExact("%g", "-3.25");
  checkExact("%f", "0.000000");
  std::optional<FloatRange> r = floatTextRange("%f", "inf");
  REQUIRE(r);
  CHECK(r->lo == key(HUGE_VAL));
  CHECK(r->hi == key(HUGE_VAL));
  r = floatTextRange("%f", "-inf");
  REQUIRE(r);
  CHECK(r->lo == key(-HUGE_VAL));
}

TEST_CASE("floatTextRange: random doubles lie in the range of their own text") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> small(-1000, 1000);
  for (const char *spec : {"%.2f", "%.1f", "%g", "%.3e", "%8.3f"})
    for (int i = 0; i < 40; ++i) {
      double d = small(rng);
      std::string t = text(spec, d);
      CAPTURE(spec);
      CAPTURE(t);
      std::optional<FloatRange> r = floatTextRange(spec, t);
      REQUIRE(r);
      CHECK(r->lo <= key(d));
      CHECK(key(d) <= r->hi);
      checkExact(spec, t);
    }
}
