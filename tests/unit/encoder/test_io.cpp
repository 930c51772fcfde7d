// Program input and output: the interpreter's scan against glibc's scanf (the expected values were read
// off a C program built with gcc), and the encoding against the interpreter on fixed and on free inputs
// (both directions: the interpreter's output satisfies the encoded specification; a counterexample on free
// input replays), printing in both integer modes, halt's status, token comparison and the reference
// (product) specification, on z3 and cvc5.
#include "helpers.h"

#include "backends/encoder/io.h"
#include "ir/io.h"

#include <random>
#include <sstream>

using namespace locus;
using namespace locus::encoder::testing;

namespace {

/// `n := scan FMT, a[, b]` with a = 111, b = 222, then `print "%d %d %d", n, a, b`.
ir::Program scanProgram(const std::string &fmt, size_t conversions) {
  std::string targets = conversions == 0 ? "" : conversions == 1 ? ", a" : ", a, b";
  std::string quoted;
  for (char c : fmt)
    quoted += c == '"'    ? std::string("\\\"")
              : c == '\\' ? std::string("\\\\")
              : c == '\n' ? std::string("\\n")
              : static_cast<unsigned char>(c) < 32
                  ? std::string("\\x") + "0123456789abcdef"[(c >> 4) & 15] + "0123456789abcdef"[c & 15]
                  : std::string(1, c);
  return compile("proc main() returns (r: int32) {\n"
                 "  var a: int32; var b: int32; var n: int32;\n"
                 "  a := 111i32; b := 222i32;\n"
                 "  n := scan \"" +
                 quoted + "\"" + targets +
                 ";\n"
                 "  print \"%d %d %d\", n, a, b;\n"
                 "}\n");
}

ir::Outcome run(const ir::Program &p, const std::string &input, ir::IntMode ints = ir::IntMode::Math,
                std::vector<ir::Value> args = {}) {
  ir::InterpOptions io;
  io.input = input;
  io.ints = ints;
  return ir::Interpreter(p, io).run(p.procIndex("main"), args);
}

/// verify with a fixed input (or a free one) and an expected output.
encoder::VerifyResult check(const ir::Program &p, const std::string &solver, std::optional<std::string> input,
                            const std::string &expected, bool tokens = false,
                            ir::IntMode ints = ir::IntMode::Math,
                            std::optional<std::vector<ir::Value>> args = {}) {
  encoder::VerifyOptions vo;
  vo.solver = solver;
  vo.encode.ints = ints;
  vo.encode.fixedInput = std::move(input);
  vo.encode.inputBytes = 6;
  vo.encode.fixedArgs = std::move(args);
  vo.encode.expect.output = expected;
  vo.encode.expect.tokens = tokens;
  return encoder::verify(p, p.procIndex("main"), vo);
}

struct ScanCase {
  std::string fmt;
  const char *input;
  int n;
  long long a, b;
};

const std::string kW = ir::kWordDirective; // a word byte (C's %s byte by byte), ir/io.h

// glibc 2.36 (gcc 12) on these inputs: see the header.
const ScanCase kCases[] = {
    {"%d", "-x", 0, 111, 222},
    {"%d", "+", 0, 111, 222},
    {"%d", "-", 0, 111, 222},
    {"%d", "  ", -1, 111, 222},
    {"%d", "", -1, 111, 222},
    {"%d%d", "5", 1, 5, 222},
    {"%d %d", "5 x", 1, 5, 222},
    {"%d,%d", "5 ,6", 1, 5, 222},
    {"%d,%d", "5,", 1, 5, 222},
    {"x%d", "", -1, 111, 222},
    {"x%d", "y", 0, 111, 222},
    {"%i", "0x1A", 1, 26, 222},
    {"%i", "0x", 1, 0, 222},
    {"%i", "0xg", 1, 0, 222},
    {"%i", "08", 1, 0, 222},
    {"%i", "-0x10", 1, -16, 222},
    {"%i", "0", 1, 0, 222},
    {"%d", "99999999999", 1, 1215752191, 222},
    {"%d", "-99999999999999999999999", 1, 0, 222},
    {"%d", "99999999999999999999999", 1, -1, 222},
    {"%d", "12abc", 1, 12, 222},
    {"%d", "--5", 0, 111, 222},
    {"%d ", "5", 1, 5, 222},
    {"%d x", "5", 1, 5, 222},
    {" x", "   ", -1, 111, 222},
    {"%d", "\n\v\f\r\t 7", 1, 7, 222},
    {"%i", "0X1f", 1, 31, 222},
    {"%i", "-", 0, 111, 222},
    {"%i", "+0x", 1, 0, 222},
    {"%i", "09", 1, 0, 222},
    {"%d", "0x10", 1, 0, 222},
    {"%d", "-0", 1, 0, 222},
    {"%i", "0x-1", 1, 0, 222},
    {"%d", "+-1", 0, 111, 222},
    {"%d%d", "1-2", 2, 1, -2},
    {"%i", "077", 1, 63, 222},
    {"%d", "9223372036854775807", 1, -1, 222},
    {"%d", "9223372036854775808", 1, -1, 222},
    {"%d", "-9223372036854775809", 1, 0, 222},
    {"%d", "-9223372036854775808", 1, 0, 222},
    {"%d", "-2147483649", 1, 2147483647, 222},
    {"%d", "4294967296", 1, 0, 222},
    {"%d", "2147483648", 1, -2147483648LL, 222},
    {"%d", "00000000000000000000000012", 1, 12, 222},
    {"%i", "0xffffffffffffffffffff", 1, -1, 222},
    {"%i", "0777777777777777777777777", 1, -1, 222},
    {"x%d", "x", -1, 111, 222},
    {"x %d", "x ", -1, 111, 222},
    {"%d x%d", "1 x", 1, 1, 222},
    {"xy%d", "xz", 0, 111, 222},
    {"xy%d", "x", -1, 111, 222},
    {"%d%i", "5 010", 2, 5, 8},
    {"%d\n%d", "1    \n2", 2, 1, 2},
    {"%c", " x", 1, 32, 222},
    {"%c%c", "ab", 2, 97, 98},
    {"%c", "", -1, 111, 222},
    {" %c", "  \n z", 1, 122, 222},
    {"%d%c", "5 ", 2, 5, 32},
    {"%%%c", " %y", 1, 121, 222},
    // the word byte (C's %s, byte by byte): not white space, nothing skipped first
    {kW, "ab", 1, 97, 222},
    {kW + kW, "ab", 2, 97, 98},
    {kW, " a", 0, 111, 222},
    {kW, "", -1, 111, 222},
    {" " + kW, "  \n z", 1, 122, 222},
    {"%d" + kW, "5x", 2, 5, 120},
    {"%d" + kW, "5 x", 1, 5, 222},
    {kW + "%c", "a ", 2, 97, 32},
    {kW + kW, "a", 1, 97, 222},
    // %u %x %o (strtoul's value, converted to the int32 variable) and field widths
    {"%u", "-1", 1, -1, 222},
    {"%u", "4294967296", 1, 0, 222},
    {"%u", "18446744073709551615", 1, -1, 222},
    {"%u", "18446744073709551616", 1, -1, 222},
    {"%u", "-18446744073709551615", 1, 1, 222},
    {"%u", "-18446744073709551616", 1, -1, 222},
    {"%u", "+7", 1, 7, 222},
    {"%u", "-", 0, 111, 222},
    {"%u", "x", 0, 111, 222},
    {"%u", "", -1, 111, 222},
    {"%u", "0x10", 1, 0, 222},
    {"%u", " 42abc", 1, 42, 222},
    {"%x", "ff", 1, 255, 222},
    {"%x", "0xff", 1, 255, 222},
    {"%x", "0XfF", 1, 255, 222},
    {"%x", "-0x10", 1, -16, 222},
    {"%x", "0x", 1, 0, 222},
    {"%x", "0xg", 1, 0, 222},
    {"%x", "x1", 0, 111, 222},
    {"%x", "+ff", 1, 255, 222},
    {"%x", "ffffffffffffffffff", 1, -1, 222},
    {"%x", "-1", 1, -1, 222},
    {"%x", "1g", 1, 1, 222},
    {"%x", "G", 0, 111, 222},
    {"%o", "17", 1, 15, 222},
    {"%o", "018", 1, 1, 222},
    {"%o", "-10", 1, -8, 222},
    {"%o", "8", 0, 111, 222},
    {"%o", "0x7", 1, 0, 222},
    {"%o", "7777777777777777777777", 1, -1, 222},
    {"%3d", "12345", 1, 123, 222},
    {"%3d%d", "12345", 2, 123, 45},
    {"%1d%1d", "47", 2, 4, 7},
    {"%2d", "-5", 1, -5, 222},
    {"%1d", "-5", 0, 111, 222},
    {"%1d", "+5", 0, 111, 222},
    {"%2d:%2d", "12:34", 2, 12, 34},
    {"%2d:%2d", "1:2", 2, 1, 2},
    {"%2d%2d", "123456", 2, 12, 34},
    {"%5d", "  -12x", 1, -12, 222},
    {"%2i", "0x1f", 1, 0, 222},
    {"%3i", "0x1f", 1, 1, 222},
    {"%1i", "0x1f", 1, 0, 222},
    {"%2i", "-0x1", 1, 0, 222},
    {"%3i", "-0x1", 1, 0, 222},
    {"%2i", "077", 1, 7, 222},
    {"%2x", "0x1f", 1, 0, 222},
    {"%3x", "0x1f", 1, 1, 222},
    {"%1x", "0x1f", 1, 0, 222},
    {"%4x", "0x1f", 1, 31, 222},
    {"%2x", "ff12", 1, 255, 222},
    {"%2x%x", "abcd", 2, 171, 205},
    {"%3x", "-0x5", 1, 0, 222},
    {"%2u", "-12", 1, -1, 222},
    {"%3u", "-12", 1, -12, 222},
    {"%1o", "78", 1, 7, 222},
    {"%2o", "-7", 1, -7, 222},
    {"%20d", "99999999999999999999", 1, -1, 222},
    {"%19x", "fffffffffffffffffff", 1, -1, 222},
    {"%17x", "fffffffffffffffffff", 1, -1, 222},
    {"%1d%d", "-5 6", 0, 111, 222},
    {"%1u%1u", "98", 2, 9, 8},
    {"%2d", "  7", 1, 7, 222},
    {"%4d %u", "12 -3", 2, 12, -3},
    {"%i%x", "0x10 0x10", 2, 16, 16},
    {"%x%o", "10 10", 2, 16, 8},
    {"%c%2d", "a123", 2, 97, 12},
    {"%3d", "+", 0, 111, 222},
    {"%2x", "0x", 1, 0, 222},
    {"%2d", "1", 1, 1, 222},
    {"%u%u", "1-2", 2, 1, -2},
    {"%x%x", "1-2", 2, 1, -2},
};

size_t conversions(const std::string &fmt) {
  std::string err;
  return ir::scanArgCount(*ir::parseScanFormat(fmt, err));
}

std::string expectedText(const ScanCase &c) {
  return std::to_string(c.n) + " " + std::to_string(c.a) + " " + std::to_string(c.b);
}

} // namespace

TEST_CASE("scan: the interpreter reads as glibc's scanf does") {
  for (const ScanCase &c : kCases) {
    CAPTURE(c.fmt);
    CAPTURE(c.input);
    ir::Program p = scanProgram(c.fmt, conversions(c.fmt));
    ir::Outcome o = run(p, c.input);
    REQUIRE(o.kind == ir::OutcomeKind::Ok);
    CHECK(o.output == expectedText(c));
  }
}

TEST_CASE("scan: the input after a scan is where glibc leaves it") {
  ir::Program p =
      compile("proc main() returns (r: int32) {\n"
              "  var a: int32; var b: int32; var n: int32; var m: int32;\n"
              "  n := scan \"%d\", a;\n  m := scan \"%d\", b;\n  print \"%d %d %d %d\", n, a, m, b;\n}\n");
  CHECK(run(p, "-x 5").output == "0 0 0 0");   // '-' consumed, 'x' left: the second scan fails on it too
  CHECK(run(p, "--5").output == "0 0 1 -5");   // the first '-' consumed
  CHECK(run(p, "12abc").output == "1 12 0 0"); // "abc" left
  CHECK(run(p, "1 2").output == "1 1 1 2");
  CHECK(run(p, "1 ").output == "1 1 -1 0");
  ir::Program w =
      compile("proc main() returns (r: int32) {\n"
              "  var a: int32; var b: int32; var n: int32; var m: int32;\n"
              "  n := scan \"%2x\", a;\n  m := scan \"%3d\", b;\n  print \"%d %d %d %d\", n, a, m, b;\n}\n");
  CHECK(run(w, "0x1f").output == "1 0 1 1");     // "0x" is the whole field: "1f" left
  CHECK(run(w, "12345").output == "1 18 1 345"); // a field ends the number
  CHECK(run(w, "1 -2345").output == "1 1 1 -23");
  CHECK(run(w, "-0x5").output == "1 0 0 0"); // "-0" read, "x5" left: %d fails on it
}

TEST_CASE("scan: the encoding of a fixed input gives the interpreter's values, on both solvers") {
  for (const std::string &solver : apiSolvers()) {
    for (const ScanCase &c : kCases) {
      CAPTURE(solver);
      CAPTURE(c.fmt);
      CAPTURE(c.input);
      ir::Program p = scanProgram(c.fmt, conversions(c.fmt));
      encoder::VerifyResult ok = check(p, solver, std::string(c.input), expectedText(c));
      CHECK(ok.verdict == encoder::Verdict::Safe);
      encoder::VerifyResult differs = check(p, solver, std::string(c.input), expectedText(c) + " ");
      CHECK(differs.verdict == encoder::Verdict::Failed); // replayed by verify
    }
  }
}

TEST_CASE("scan: random formats and inputs, the encoding against the interpreter, fixed and free input") {
  std::mt19937_64 rng(16);
  const std::vector<std::string> directives = {" ", "%d", "%i", ",", "x", "%d", "\n", "%c", "%%", kW};
  const std::string alphabet = "0123456789 -+xX,\n0%";
  for (int round = 0; round < 60; ++round) {
    std::string fmt;
    size_t convs = 0;
    for (size_t k = rng() % 4 + 1; k-- > 0;) {
      const std::string &d = directives[rng() % directives.size()];
      bool conversion = d[0] == '%' && d != "%%";
      if (conversion && convs == 2)
        continue;
      convs += conversion;
      fmt += d;
    }
    std::string input;
    for (size_t k = rng() % 8; k-- > 0;)
      input += alphabet[rng() % alphabet.size()];
    CAPTURE(fmt);
    CAPTURE(input);
    ir::Program p = scanProgram(fmt, convs);
    ir::Outcome o = run(p, input);
    REQUIRE(o.kind == ir::OutcomeKind::Ok);
    for (const std::string &solver : apiSolvers()) {
      CAPTURE(solver);
      CHECK(check(p, solver, input, o.output).verdict == encoder::Verdict::Safe);
      // free input: some input of at most 6 bytes prints something else, and that input replays
      encoder::VerifyResult free = check(p, solver, std::nullopt, o.output);
      bool constant = fmt.find_first_not_of(" \n") == std::string::npos; // reads nothing, prints "0 111 222"
      CHECK(free.verdict == (constant ? encoder::Verdict::Safe : encoder::Verdict::Failed));
      if (free.outcome)
        CHECK(free.outcome->output != o.output);
    }
  }
}

TEST_CASE("scan: unsigned conversions into variables of every width, both integer modes, both solvers") {
  // glibc: `sscanf(in, "%lu %lx %hho %hd", &a, &b, &c, &d)` with unsigned long a, long b, unsigned char c,
  // short d (gcc 12): the value strtoul or strtol gives, converted to the variable's type
  ir::Program p = compile("proc main() returns (r: int32) {\n"
                          "  var a: uint64; var b: int64; var c: uint8; var d: int16; var n: int32;\n"
                          "  a := 1u64; b := 2i64; c := 3u8; d := 4i16;\n"
                          "  n := scan \"%u %x %o %d\", a, b, c, d;\n"
                          "  print \"%d %u %d %d %d\", n, a, b, c, d;\n}\n");
  const std::pair<const char *, const char *> cases[] = {
      {"18446744073709551615 ffffffffffffffff 777 -40000", "4 18446744073709551615 -1 255 25536"},
      {"-1 -1 -1 -1", "4 18446744073709551615 -1 255 -1"},
      {"99999999999999999999 -0x8000000000000000 400 70000",
       "4 18446744073709551615 -9223372036854775808 0 4464"},
      {"12 0x7fffffffffffffff 1 32767", "4 12 9223372036854775807 1 32767"},
      {"-9223372036854775808 8000000000000000 0 -32768",
       "4 9223372036854775808 -9223372036854775808 0 -32768"},
  };
  for (const auto &[input, want] : cases) {
    CAPTURE(input);
    for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32}) {
      ir::Outcome o = run(p, input, mode);
      REQUIRE(o.kind == ir::OutcomeKind::Ok);
      CHECK(o.output == want);
      for (const std::string &solver : apiSolvers()) {
        CAPTURE(solver);
        CHECK(check(p, solver, std::string(input), want, false, mode).verdict == encoder::Verdict::Safe);
        CHECK(check(p, solver, std::string(input), std::string(want) + "0", false, mode).verdict ==
              encoder::Verdict::Failed);
      }
    }
  }
}

TEST_CASE("scan: a float read from free input is spelled in the counterexample's stdin, which replays") {
  // The solver picks the value a float conversion on free bytes reads; the stdin must make glibc read it.
  struct FloatCase {
    const char *fmt, *type, *cond; // the failure: a and b read with `cond`
  };
  const FloatCase cases[] = {
      {"%lf", "float64", "a == 0x1.4p+1f64"},                             // 2.5
      {"%lf %lf", "float64", "a == 0x1.8p+0f64 and b > 0x1.9p+6f64"},     // 1.5, above 100
      {"%lf%lf", "float64", "a == 0x1p+0f64 and b == 0x1p+1f64"},         // 1 and 2: "1 2"
      {"%f,%f", "float32", "a == 0x1p-2f32 and b == -0x1.8p+1f32"},       // 0.25,-3
      {"%lf", "float64", "a == 0x0p+0f64 and 0x1p+0f64 / a < 0x0p+0f64"}, // -0
  };
  for (const FloatCase &c : cases) {
    CAPTURE(std::string(c.fmt));
    CAPTURE(std::string(c.cond));
    std::string err;
    ir::Program p = compile(std::string("proc main() {\n  var a: ") + c.type + "; var b: " + c.type +
                            "; var n: int32;\n  n := scan \"" + c.fmt + "\", a" +
                            (ir::scanArgCount(*ir::parseScanFormat(c.fmt, err)) == 2 ? ", b" : "") +
                            ";\n  assert not (" + c.cond + ");\n}\n");
    for (const std::string &solver : apiSolvers()) {
      CAPTURE(solver);
      encoder::VerifyOptions vo;
      vo.solver = solver;
      vo.encode.ints = ir::IntMode::BV32;
      vo.encode.inputBytes = 10;
      encoder::VerifyResult r = encoder::verify(p, p.procIndex("main"), vo);
      CAPTURE(r.reason);
      CAPTURE(r.cx.input);
      CHECK(r.verdict == encoder::Verdict::Failed); // verify replayed it (else Mismatch)
    }
  }
}

TEST_CASE(
    "scan: %u %x %o and field widths, random formats and inputs, the encoding against the interpreter") {
  std::mt19937_64 rng(33);
  const std::vector<std::string> directives = {" ",   "%u", "%x", "%o", "%2d", "%1d",  "%3x",  "%2i",
                                               "%2u", ":",  "%d", "%c", "%4o", "%20u", "%17x", kW};
  const std::string alphabet = "0123456789abfxX -+:\n0";
  for (int round = 0; round < 40; ++round) {
    std::string fmt;
    size_t convs = 0;
    for (size_t k = rng() % 4 + 1; k-- > 0;) {
      const std::string &d = directives[rng() % directives.size()];
      bool conversion = d[0] == '%';
      if (conversion && convs == 2)
        continue;
      convs += conversion;
      fmt += d;
    }
    std::string input;
    for (size_t k = rng() % 8; k-- > 0;)
      input += alphabet[rng() % alphabet.size()];
    if (round % 5 == 0) // long runs of digits: the overflow of strtoul and the widths' cuts
      input = std::string(rng() % 2 ? "-" : "") + std::string(20 + rng() % 3, "9f7"[rng() % 3]);
    CAPTURE(fmt);
    CAPTURE(input);
    ir::Program p = scanProgram(fmt, convs);
    for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32}) {
      ir::Outcome o = run(p, input, mode);
      REQUIRE(o.kind == ir::OutcomeKind::Ok);
      for (const std::string &solver : apiSolvers()) {
        CAPTURE(solver);
        CHECK(check(p, solver, input, o.output, false, mode).verdict == encoder::Verdict::Safe);
        if (round % 2 == 0 && mode == ir::IntMode::Math) {
          // free input: some input of at most 6 bytes prints something else, and that input replays
          encoder::VerifyResult free = check(p, solver, std::nullopt, o.output);
          bool constant = fmt.find_first_not_of(" ") == std::string::npos;
          CHECK(free.verdict == (constant ? encoder::Verdict::Safe : encoder::Verdict::Failed));
          if (free.outcome)
            CHECK(free.outcome->output != o.output);
        }
      }
    }
  }
}

TEST_CASE("scan: float conversions with a field width, fixed input, both solvers") {
  // glibc: sscanf("1.25e3 7", "%3lf%4f", &d, &f) reads "1.2" and "5e3" (gcc 12); printed floats are output
  // events, so the values are asserted
  std::string body = "  var d: float64; var f: float32; var n: int32;\n"
                     "  n := scan \"%3lf%4f\", d, f;\n";
  ir::Program p = compile("proc main() returns (r: int32) {\n" + body +
                          "  assert n == 2i32 and d == 0x1.3333333333333p+0f64 and f == 0x1.388p+12f32;\n}\n"
                          "proc wrong() returns (r: int32) {\n" +
                          body + "  assert d == 0x1.4p+0f64;\n}\n");
  ir::Outcome o = run(p, "1.25e3 7");
  CHECK(o.kind == ir::OutcomeKind::Ok);
  for (const std::string &solver : apiSolvers()) {
    CAPTURE(solver);
    encoder::VerifyOptions vo;
    vo.solver = solver;
    vo.encode.fixedInput = "1.25e3 7";
    CHECK(encoder::verify(p, p.procIndex("main"), vo).verdict == encoder::Verdict::Safe);
    CHECK(encoder::verify(p, p.procIndex("wrong"), vo).verdict == encoder::Verdict::Failed);
  }
}

TEST_CASE("print: decimal and byte output in both integer modes") {
  ir::Program p = compile("proc main(x: int32, y: uint8, z: int64) {\n"
                          "  print \"[%d|%c|%d|%d%%]\\n\", x, x, y, z;\n}\n");
  std::mt19937_64 rng(7);
  const std::vector<int64_t> specials = {0,   -1,   1,         9,         10,        -10,      65,
                                         321, -191, INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX};
  for (int round = 0; round < 24; ++round) {
    int64_t x = round < 11 ? specials[round] : static_cast<int32_t>(rng());
    int64_t y = static_cast<int64_t>(rng() % 256);
    int64_t z = round < 13 ? specials[round] : static_cast<int64_t>(rng());
    std::vector<ir::Value> args{ir::Value::ofInt(x), ir::Value::ofInt(y), ir::Value::ofInt(z)};
    for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32}) {
      ir::Outcome o = run(p, "", mode, args);
      REQUIRE(o.kind == ir::OutcomeKind::Ok);
      std::string want = "[" + std::to_string(static_cast<int32_t>(x)) + "|" +
                         std::string(1, static_cast<char>(static_cast<uint8_t>(x))) + "|" +
                         std::to_string(y) + "|" + std::to_string(z) + "%]\n";
      CHECK(o.output == want);
      for (const std::string &solver : apiSolvers()) {
        CAPTURE(solver);
        CAPTURE(x);
        CHECK(check(p, solver, "", want, false, mode, args).verdict == encoder::Verdict::Safe);
        CHECK(check(p, solver, "", want + "?", false, mode, args).verdict == encoder::Verdict::Failed);
      }
    }
  }
}

TEST_CASE("print: a free value that prints as a given text is found") {
  ir::Program p = compile("proc main(x: int32) {\n  print \"<%d>\", x;\n}\n");
  for (const std::string &solver : apiSolvers())
    for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32}) {
      // "every x prints <5>" fails, and the counterexample replays (verify checks it)
      encoder::VerifyResult r = check(p, solver, "", "<5>", false, mode);
      CHECK(r.verdict == encoder::Verdict::Failed);
    }
}

TEST_CASE("expect: tokens, status and halt's status") {
  ir::Program p = compile("proc main(x: int32) returns (r: int32) {\n"
                          "  print \" %d  \\n\\t%d\\n\", x, x;\n"
                          "  if (x > 5i32) { halt 3i32; }\n"
                          "  r := 1i32;\n}\n");
  for (const std::string &solver : apiSolvers()) {
    std::vector<ir::Value> seven{ir::Value::ofInt(7)};
    CHECK(check(p, solver, "", "7 7", true, ir::IntMode::Math, seven).verdict == encoder::Verdict::Safe);
    CHECK(check(p, solver, "", "7 7", false, ir::IntMode::Math, seven).verdict == encoder::Verdict::Failed);
    CHECK(check(p, solver, "", "7 8", true, ir::IntMode::Math, seven).verdict == encoder::Verdict::Failed);
    CHECK(check(p, solver, "", "7 7 7", true, ir::IntMode::Math, seven).verdict == encoder::Verdict::Failed);
    encoder::VerifyOptions vo;
    vo.solver = solver;
    vo.encode.fixedArgs = seven;
    vo.encode.expect.status = ir::BigInt(3);
    CHECK(encoder::verify(p, p.procIndex("main"), vo).verdict == encoder::Verdict::Safe);
    vo.encode.fixedArgs.reset();
    encoder::VerifyResult r = encoder::verify(p, p.procIndex("main"), vo);
    REQUIRE(r.verdict == encoder::Verdict::Failed);
    REQUIRE(r.outcome);
    CHECK(r.outcome->failure == ir::FailureKind::Output);
    CHECK(r.cx.args.at(0).i <= 5);
  }
  ir::InterpOptions io;
  CHECK(ir::Interpreter(p, io).run(p.procIndex("main"), {ir::Value::ofInt(9)}).result->i == 3);
}

TEST_CASE("expect: a reference procedure, same inputs, nondet values shared") {
  ir::Program p =
      compile("proc main(x: int32) returns (r: int32) {\n"
              "  var u: int32; var n: int32;\n"
              "  u := nondet;\n"
              "  n := scan \"%d\", u;\n"
              "  print \"%d %d\\n\", x + 1i32, u;\n}\n"
              "proc ok(x: int32) returns (r: int32) {\n"
              "  var u: int32; var n: int32;\n"
              "  u := nondet;\n"
              "  n := scan \"%d\", u;\n"
              "  if (x == 7i32) { print \"%d %d\\n\", x, u; } else { print \"%d %d\\n\", x + 1i32, u; }\n}\n"
              "proc same(x: int32) returns (r: int32) {\n"
              "  var u: int32; var n: int32;\n"
              "  u := nondet;\n"
              "  n := scan \"%d\", u;\n"
              "  print \"%d \", 1i32 + x;\n  print \"%d\\n\", u;\n}\n");
  for (const std::string &solver : apiSolvers()) {
    CAPTURE(solver);
    encoder::VerifyOptions vo;
    vo.solver = solver;
    vo.encode.inputBytes = 4;
    vo.encode.expect.reference = p.procIndex("ok");
    // the same line formats on both sides: compared as output events, z3 too
    encoder::VerifyResult r = encoder::verify(p, p.procIndex("main"), vo);
    REQUIRE(r.verdict == encoder::Verdict::Failed); // replayed: the interpreter runs both and compares
    CHECK(r.cx.args.at(0).i == 7);
    REQUIRE(r.outcome);
    CHECK(r.outcome->referenceOutput);
    // `same` splits the line over two prints: compared as strings (cvc5) or print by print (z3, whose strings
    // are unreliable), where the prints differ on every input and the text on none: no answer
    vo.encode.expect.reference = p.procIndex("same");
    r = encoder::verify(p, p.procIndex("main"), vo);
    if (solver == "z3") {
      CHECK(r.verdict == encoder::Verdict::Unknown);
      CHECK(r.reason.find(encoder::kPrintByPrintReason) != std::string::npos);
      continue;
    }
    CHECK(r.verdict == encoder::Verdict::Safe);
  }
}

TEST_CASE("output events: which prints are events, and which line formats can print the same text") {
  auto events = [](const std::string &fmt, size_t ints = 3) {
    std::string err;
    std::optional<std::vector<ir::PrintItem>> items = ir::parsePrintFormat(fmt, err);
    REQUIRE(items);
    std::vector<ir::Type> types(ints, ir::Type::fixedInt(32, true));
    std::optional<std::vector<encoder::LineEvent>> lines = encoder::lineEvents(*items, types, err);
    std::string r;
    if (!lines)
      return "no: " + err;
    for (const encoder::LineEvent &e : *lines)
      r += "[" + e.format() + "]";
    return r;
  };
  CHECK(events("count %d min %d\n") == "[count %d min %d\n]");
  CHECK(events("a\nb %d\n\n") == "[a\n][b %d\n][\n]");
  CHECK(events("") == "");
  CHECK(events("%d-%d\n") == "[%d-%d\n]");
  CHECK(events("%d \n%d") == "no: it does not end its line");
  CHECK(events("%d%d\n") == "no: two conversions without text between them");
  CHECK(events("%d1\n") == "no: a %d followed by a digit");
  CHECK(events("%c\n") == "no: a conversion other than a plain %d");
  CHECK(events("%5d\n") == "no: a conversion other than a plain %d");
  CHECK(events("%x\n") == "no: a conversion other than a plain %d");
  auto problem = [](const std::string &a, const std::string &b) {
    ir::Program p =
        compile("proc main(x: int32) {\n  print \"" + a + "\", x;\n  print \"" + b + "\", x;\n}\n");
    return encoder::outputEventsProblem(p, {p.procIndex("main")});
  };
  CHECK(problem("x %d\\n", "y %d\\n") == "");
  CHECK(problem("%d\\n", "%d\\n") == "");
  CHECK(problem("%d is it\\n", "%d is not\\n") == "");
  CHECK(problem("%d\\n", "-%d\\n") == "the lines \"%d\\n\" and \"-%d\\n\" can print the same text");
  CHECK(problem("%d\\n", "1%d\\n") == "the lines \"%d\\n\" and \"1%d\\n\" can print the same text");
  CHECK(problem("a%d\\n", "a-%d\\n") != "");
  CHECK(problem("a %d b\\n", "a %d c\\n") == "");
}

TEST_CASE("output events: formats that differ, lines split differently, both integer modes") {
  // main prints one line per print; `shift` prints some of the same texts with another format ("1%d" for a
  // number from 10 to 19), so its lines cannot be told apart as events: compared as strings (cvc5), and the
  // outputs are equal. `split` prints main's lines in two prints each; `other` prints other text.
  ir::Program p = compile(
      "proc main(x: int32, u: int32) {\n"
      "  print \"%d %d\\n\", x, u;\n  print \"end\\n\";\n}\n"
      "proc shift(x: int32, u: int32) {\n"
      "  if (u >= 10i32 and u < 20i32) { print \"%d 1%d\\n\", x, u - 10i32; }\n"
      "  else { print \"%d %d\\n\", x, u; }\n  print \"end\\n\";\n}\n"
      "proc split(x: int32, u: int32) {\n"
      "  print \"%d \", x;\n  if (x != 3i32) { print \"%d\\n\", u; } else { print \"%d\\n\", u + 1i32; }\n"
      "  print \"e\";\n  print \"nd\\n\";\n}\n"
      "proc other(x: int32, u: int32) {\n"
      "  if (x == 5i32) { print \"%d  %d\\n\", x, u; } else { print \"%d %d\\n\", x, u; }\n"
      "  print \"end\\n\";\n}\n");
  for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32})
    for (const std::string &solver : apiSolvers()) {
      CAPTURE(solver);
      CAPTURE(static_cast<int>(mode));
      encoder::VerifyOptions vo;
      vo.solver = solver;
      vo.encode.ints = mode;
      auto against = [&](const char *ref) {
        vo.encode.expect.reference = p.procIndex(ref);
        return encoder::verify(p, p.procIndex("main"), vo);
      };
      // other formats, told apart as events: a real difference, replayed
      encoder::VerifyResult r = against("other");
      REQUIRE(r.verdict == encoder::Verdict::Failed);
      CHECK(r.cx.args.at(0).i == 5);
      if (solver == "z3") { // both need strings: print by print instead
        // shift prints main's text with other prints for 10 <= u < 20: no answer, never a failure
        r = against("shift");
        CHECK(r.verdict == encoder::Verdict::Unknown);
        CHECK(r.reason.find(encoder::kPrintByPrintReason) != std::string::npos);
        // split differs in text for x == 3 only, in prints for every x: the failure replayed, or no answer
        r = against("split");
        CHECK((r.verdict == encoder::Verdict::Unknown || r.verdict == encoder::Verdict::Failed));
        if (r.verdict == encoder::Verdict::Failed)
          CHECK(r.cx.args.at(0).i == 3);
        continue;
      }
      if (mode == ir::IntMode::BV32) // strings of bit-vectors (bv2nat) take cvc5 minutes
        continue;
      CHECK(against("shift").verdict == encoder::Verdict::Safe);
      r = against("split");
      REQUIRE(r.verdict == encoder::Verdict::Failed);
      CHECK(r.cx.args.at(0).i == 3);
    }
}

namespace {

/// glibc's text for one conversion of the host's snprintf: `cfmt` a C format of one conversion.
template <typename T> std::string glibc(const char *cfmt, T v) {
  char buf[512];
  int n = std::snprintf(buf, sizeof buf, cfmt, v);
  return std::string(buf, static_cast<size_t>(n));
}

} // namespace

TEST_CASE("print: flags, widths, precisions and bases as glibc prints them, both modes, both solvers") {
  // IR conversion, argument (x: int32, u: uint32, z: int64, w: uint64, b: uint8), the same in C
  struct Conv {
    const char *ir, *arg, *c;
  };
  const std::vector<Conv> convs = {
      {"%5d", "x", "%5d"},   {"%-5d", "x", "%-5d"},   {"%05d", "x", "%05d"},      {"%+d", "x", "%+d"},
      {"% d", "x", "% d"},   {"%.3d", "x", "%.3d"},   {"%8.3d", "x", "%8.3d"},    {"%-+8.3d", "x", "%-+8.3d"},
      {"%.0d", "x", "%.0d"}, {"% 06d", "x", "% 06d"}, {"%3c", "x", "%3c"},        {"%-2c", "x", "%-2c"},
      {"%u", "u", "%u"},     {"%x", "u", "%x"},       {"%08X", "u", "%08X"},      {"%-12o", "u", "%-12o"},
      {"%.0x", "u", "%.0x"}, {"%21d", "z", "%21ld"},  {"%+.20d", "z", "%+.20ld"}, {"%u", "w", "%lu"},
      {"%x", "w", "%lx"},    {"%25o", "w", "%25lo"},  {"%4x", "b", "%4x"},        {"%-04u", "b", "%-04u"},
  };
  const std::vector<int64_t> specials = {0,      -1,        7,         -42,       255,
                                         100000, INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX};
  std::mt19937_64 rng(11);
  std::vector<int64_t> values = specials;
  for (int k = 0; k < 6; ++k)
    values.push_back(static_cast<int64_t>(rng()));
  for (const Conv &c : convs) {
    std::string a = c.arg;
    ir::Program p = compile("proc main(x: int32, u: uint32, z: int64, w: uint64, b: uint8) {\n  print \"[" +
                            std::string(c.ir) + "]\", " + a + ";\n}\n");
    CAPTURE(c.ir);
    for (size_t round = 0; round < values.size(); ++round) {
      int64_t r = values[round];
      auto x = static_cast<int32_t>(r);
      auto u = static_cast<uint32_t>(r);
      auto w = static_cast<uint64_t>(r);
      auto b = static_cast<uint8_t>(r);
      std::string want = "[" +
                         (a == "x"   ? glibc(c.c, x)
                          : a == "u" ? glibc(c.c, u)
                          : a == "z" ? glibc(c.c, static_cast<long>(r))
                          : a == "w" ? glibc(c.c, static_cast<unsigned long>(w))
                                     : glibc(c.c, static_cast<unsigned>(b))) +
                         "]";
      std::vector<ir::Value> vals{ir::Value::ofInt(x), ir::Value::ofInt(ir::BigInt::fromUint64(u)),
                                  ir::Value::ofInt(r), ir::Value::ofInt(ir::BigInt::fromUint64(w)),
                                  ir::Value::ofInt(b)};
      CAPTURE(r);
      for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32}) {
        ir::Outcome o = run(p, "", mode, vals);
        REQUIRE(o.kind == ir::OutcomeKind::Ok);
        CHECK(o.output == want);
        if (round % 4 != 1)
          continue; // the encoding: every fourth value (-1, 255, INT64_MIN, a random one)
        for (const std::string &solver : apiSolvers()) {
          CAPTURE(solver);
          CHECK(check(p, solver, "", want, false, mode, vals).verdict == encoder::Verdict::Safe);
          std::string wrong = want;
          wrong[1] = wrong[1] == '0' ? '1' : '0';
          CHECK(check(p, solver, "", wrong, false, mode, vals).verdict == encoder::Verdict::Failed);
        }
      }
    }
  }
}

TEST_CASE("print: a free value that prints as a given field is found; an assumed one prints its field") {
  ir::Program p = compile("proc main(x: uint32, y: int16) {\n  print \"<%08x|%-+5d>\", x, y;\n}\n"
                          "proc pinned(x: uint32, y: int16) {\n  assume x == 12648430u32 and y == -12i16;\n"
                          "  print \"<%08x|%-+5d>\", x, y;\n}\n");
  for (const std::string &solver : apiSolvers())
    for (ir::IntMode mode : {ir::IntMode::Math, ir::IntMode::BV32}) {
      CAPTURE(solver);
      // "every x, y print this" fails; the counterexample replays (verify checks it)
      CHECK(check(p, solver, "", "<00c0ffee|-12  >", false, mode).verdict == encoder::Verdict::Failed);
      encoder::VerifyOptions vo;
      vo.solver = solver;
      vo.encode.ints = mode;
      vo.encode.expect.output = "<00c0ffee|-12  >";
      CHECK(encoder::verify(p, p.procIndex("pinned"), vo).verdict == encoder::Verdict::Safe);
      vo.encode.expect.output = "<00c0ffee|-12 >";
      CHECK(encoder::verify(p, p.procIndex("pinned"), vo).verdict == encoder::Verdict::Failed);
    }
}

namespace {

/// `n := scan FMT, a, b` (int32 a = 111, b = 222), then `assert not (COND)`.
ir::Program scanAssert(const std::string &fmt, const std::string &cond) {
  std::string quoted;
  for (char c : fmt)
    quoted += c == '\n' ? std::string("\\n") : std::string(1, c);
  return compile("proc main() {\n  var a: int32; var b: int32; var n: int32;\n  a := 111i32; b := 222i32;\n"
                 "  n := scan \"" +
                 quoted + "\", a, b;\n  assert not (" + cond + ");\n}\n");
}

std::string lit(int64_t v) {
  return v < 0 ? "(0i32 - " + std::to_string(-v) + "i32)" : std::to_string(v) + "i32";
}

encoder::VerifyResult verifyFree(const ir::Program &p, const std::string &solver, uint32_t bytes, bool tokens,
                                 ir::IntMode ints) {
  encoder::VerifyOptions vo;
  vo.solver = solver;
  vo.encode.ints = ints;
  vo.encode.inputBytes = bytes;
  vo.encode.tokenInput = tokens;
  return encoder::verify(p, p.procIndex("main"), vo);
}

} // namespace

TEST_CASE("scan: free input read as tokens reaches what the bytes reach, and its stdin replays") {
  // Formats of white space, %d and literal bytes read free input as tokens (backends/encoder/README.md,
  // *Token input*): the same inputs as bytes, so the same values are reachable within the same number of
  // bytes. Each target is what the interpreter reads from a random input: of at most 6 bytes (reachable),
  // or of 7 to 9 (reachable or not: the byte model decides).
  std::mt19937_64 rng(29);
  const std::vector<std::string> directives = {" ", "%d", "-", ",", "x", "\n", "%d", "+"};
  const std::string alphabet = "0123456789 -+x,\n9";
  for (int round = 0; round < 14; ++round) {
    std::string fmt;
    size_t convs = 0;
    while (convs < 2) { // two conversions, and directives before, between and maybe after them
      const std::string &d = directives[rng() % directives.size()];
      convs += d == "%d";
      fmt += d;
    }
    if (rng() % 2)
      fmt += directives[rng() % directives.size()] == "%d" ? " " : ",";
    std::string input;
    for (size_t k = round % 2 ? rng() % 7 : 7 + rng() % 3; k-- > 0;)
      input += alphabet[rng() % alphabet.size()];
    ir::Outcome o = run(scanProgram(fmt, 2), input);
    REQUIRE(o.kind == ir::OutcomeKind::Ok);
    std::istringstream read(o.output);
    int64_t n = 0, a = 0, b = 0;
    read >> n >> a >> b;
    ir::Program p = scanAssert(fmt, "n == " + lit(n) + " and a == " + lit(a) + " and b == " + lit(b));
    ir::IntMode ints = round % 4 < 2 ? ir::IntMode::Math : ir::IntMode::BV32;
    CAPTURE(fmt);
    CAPTURE(input);
    {
      backends::TermManager tm;
      encoder::EncodeOptions eo;
      eo.inputBytes = 6;
      CHECK(encoder::encode(p, p.procIndex("main"), tm, eo).inputTokens); // the token model is used
    }
    for (const std::string &solver : apiSolvers()) {
      CAPTURE(solver);
      encoder::VerifyResult t = verifyFree(p, solver, 6, true, ints);
      CAPTURE(t.reason);
      CAPTURE(t.cx.input);
      if (input.size() <= 6)
        CHECK(t.verdict == encoder::Verdict::Failed); // replayed by verify
      else
        CHECK(t.verdict == verifyFree(p, solver, 6, false, ints).verdict);
    }
  }
}

TEST_CASE("scan: token input: values beyond int32 wrap as glibc's, the cap at 2^63, within the bytes") {
  struct Case {
    const char *cond;
    uint32_t bytes;
    encoder::Verdict want;
  };
  const Case cases[] = {
      {"n == 1i32 and a == 1215752191i32", 11, encoder::Verdict::Failed}, // 99999999999 and the like
      {"n == 1i32 and a == 1215752191i32", 9, encoder::Verdict::Safe},    // 9 bytes stay below 10^9
      {"n == 1i32 and a == (0i32 - 2147483647i32) - 1i32", 10, encoder::Verdict::Failed}, // 2147483648
      {"n == 2i32 and a == 2147483647i32 and b == 0i32", 14, encoder::Verdict::Failed},   // -2147483649 0
      {"n == 1i32 and a == (0i32 - 1i32)", 2, encoder::Verdict::Failed},
      {"n == 2i32 and a == (0i32 - 1i32) and b == 5i32", 3, encoder::Verdict::Safe}, // needs 4 bytes: -1 5
  };
  for (const Case &c : cases) {
    CAPTURE(c.cond);
    ir::Program p = scanAssert("%d %d", c.cond);
    for (ir::IntMode ints : {ir::IntMode::Math, ir::IntMode::BV32})
      for (const std::string &solver : apiSolvers()) {
        CAPTURE(solver);
        encoder::VerifyResult r = verifyFree(p, solver, c.bytes, true, ints);
        CAPTURE(r.reason);
        CAPTURE(r.cx.input);
        CHECK(r.verdict == c.want);
      }
  }
  // the cap: a run of 19 digits or more reads as at most 2^63 - 1
  ir::Program p =
      compile("proc main() {\n  var a: int64; var b: int32; var n: int32;\n"
              "  n := scan \"%d %d\", a, b;\n"
              "  assert not (n == 2i32 and a == 9223372036854775807i64 and b == (0i32 - 1i32));\n}\n");
  for (const std::string &solver : apiSolvers()) {
    CAPTURE(solver);
    // 9223372036854775807-1 (or a larger run of 19 digits): 21 bytes
    CHECK(verifyFree(p, solver, 21, true, ir::IntMode::Math).verdict == encoder::Verdict::Failed);
    CHECK(verifyFree(p, solver, 20, true, ir::IntMode::Math).verdict == encoder::Verdict::Safe);
  }
}
