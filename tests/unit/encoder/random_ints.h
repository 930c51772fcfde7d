// A random GCL program generator for the integer semantics (issue 11's soundness campaign): unbounded `int`
// with constants far beyond 64 bits, the fixed-width types int8 … uint64 with casts between every pair, bit
// operations and shifts (amounts in and out of range), truncating division, and comparisons. Every program
// compiles, its loops run at most 3 times (unwind 4 covers every execution), and `main(x: int, y: int,
// c: bool) returns (r: int)` is the entry, as random_program.h's.
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace locus::encoder::testing {

class IntGen {
public:
  explicit IntGen(uint64_t seed) : rng(seed) {}

  std::string program() {
    std::ostringstream os;
    os << "var g: int;\n";
    os << "proc main(x: int, y: int, c: bool) returns (r: int) {\n";
    os << "  var i0: int; var i1: int; var b0: bool; var k0: int;\n";
    for (const V &v : vars())
      if (v.bits != 0)
        os << "  var " << v.name << ": " << v.type << ";\n";
    os << "  i0 := x; i1 := y; b0 := c;\n";
    // Start the fixed-width variables from the inputs, so the solver sees them as inputs too.
    for (const V &v : vars())
      if (v.bits != 0)
        os << "  " << v.name << " := " << v.type << "(" << (chance(50) ? "x" : "y") << ");\n";
    os << block(6, 2);
    os << "  r := i0 + int(u32) + int(s64);\n}\n";
    return os.str();
  }

private:
  struct V {
    const char *name;
    const char *type;
    unsigned bits; ///< 0: unbounded
    bool isSigned;
  };
  static const std::vector<V> &vars() {
    static const std::vector<V> vs{{"i0", "int", 0, true},       {"i1", "int", 0, true},
                                   {"u8", "uint8", 8, false},    {"s8", "int8", 8, true},
                                   {"u16", "uint16", 16, false}, {"s16", "int16", 16, true},
                                   {"u32", "uint32", 32, false}, {"s32", "int32", 32, true},
                                   {"u64", "uint64", 64, false}, {"s64", "int64", 64, true}};
    return vs;
  }
  std::mt19937_64 rng;
  int loopDepth = 0;

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  bool chance(int pct) { return pick(1, 100) <= pct; }
  const V &anyVar() { return vars()[pick(0, static_cast<int>(vars().size()) - 1)]; }
  const V &varOf(const std::string &type) {
    std::vector<const V *> c;
    for (const V &v : vars())
      if (type == std::string(v.type))
        c.push_back(&v);
    return *c[pick(0, static_cast<int>(c.size()) - 1)];
  }

  /// A literal of the type: small values, the type's edges, and for `int` values far beyond 64 bits.
  std::string literal(const V &t) {
    if (t.bits == 0) {
      switch (pick(0, 5)) {
      case 0: return "18446744073709551616";                     // 2^64
      case 1: return "-170141183460469231731687303715884105728"; // -2^127
      case 2: return "9223372036854775807";                      // 2^63 - 1
      case 3: return "123456789012345678901234567890";
      default: return std::to_string(pick(-6, 9));
      }
    }
    // A literal names its type with a suffix: an unsuffixed one adapts only as a direct operand of a binary
    // operator or of an assignment (frontend/gcl/check.cpp), not inside a constant subexpression such as
    // `(65535 - 5)` or `5 << 3`, so nested literals could not compile. Values stay in range.
    std::string sfx = std::string(t.isSigned ? "i" : "u") + std::to_string(t.bits);
    std::string v;
    switch (pick(0, 4)) {
    case 0:
      v = t.isSigned ? (t.bits == 64 ? "9223372036854775807" : std::to_string((1ull << (t.bits - 1)) - 1))
                     : (t.bits == 64 ? "18446744073709551615" : std::to_string((1ull << t.bits) - 1));
      break;
    case 1: v = t.isSigned ? "-1" : "0"; break;
    default: v = std::to_string(pick(t.isSigned ? -7 : 0, 12)); break;
    }
    if (v[0] == '-')
      return "(-" + v.substr(1) + sfx + ")";
    return v + sfx;
  }

  std::string expr(const V &t, int d) {
    int k = pick(0, d <= 0 ? 2 : 9);
    switch (k) {
    case 0: return literal(t);
    case 1:
    case 2: return varOf(t.type).name;
    case 3: { // a cast from any int type
      const V &from = anyVar();
      return std::string(t.type) + "(" + expr(from, d - 1) + ")";
    }
    case 4: return "(" + expr(t, d - 1) + (chance(50) ? " + " : " - ") + expr(t, d - 1) + ")";
    case 5: return "(" + expr(t, d - 1) + " * " + expr(t, d - 1) + ")";
    case 6: return "(" + expr(t, d - 1) + (chance(50) ? " / " : " % ") + expr(t, d - 1) + ")";
    case 7:
      if (t.bits == 0)
        return "(-" + expr(t, d - 1) + ")";
      {
        static const char *ops[] = {" & ", " | ", " ^ "};
        return "(" + expr(t, d - 1) + ops[pick(0, 2)] + expr(t, d - 1) + ")";
      }
    case 8:
      if (t.bits == 0)
        return "(" + expr(t, d - 1) + " * " + literal(t) + ")";
      // the amount: any int type; sometimes out of [0, width)
      return "(" + expr(t, d - 1) + (chance(50) ? " << " : " >> ") +
             (chance(80) ? std::to_string(pick(0, static_cast<int>(t.bits) - 1))
                         : std::to_string(pick(static_cast<int>(t.bits), static_cast<int>(t.bits) + 3))) +
             ")";
    default: return t.bits == 0 ? "(-" + expr(t, d - 1) + ")" : "(~" + expr(t, d - 1) + ")";
    }
  }

  std::string cond(int d) {
    static const char *cmp[] = {" < ", " <= ", " == ", " != ", " > ", " >= "};
    if (d > 0 && chance(25))
      return "(" + cond(d - 1) + (chance(50) ? " and " : " or ") + cond(d - 1) + ")";
    if (chance(10))
      return "b0";
    const V &t = anyVar();
    return "(" + expr(t, 1) + cmp[pick(0, 5)] + expr(t, 1) + ")";
  }

  std::string block(int n, int depth) {
    std::string out;
    int count = pick(1, n);
    for (int i = 0; i < count; ++i)
      out += stmt(depth);
    return out;
  }

  std::string stmt(int depth) {
    int k = pick(0, depth > 0 ? 12 : 8);
    if (k <= 4) {
      const V &t = anyVar();
      return std::string(t.name) + " := " + expr(t, 2) + ";\n";
    }
    switch (k) {
    case 5: return "b0 := " + cond(1) + ";\n";
    case 6: return std::string(anyVar().name) + " := nondet;\n";
    case 7: return "assert " + cond(1) + ";\n";
    case 8: return chance(30) ? "assume " + cond(0) + ";\n" : "g := g + 1;\n";
    default: break;
    }
    if (k <= 10 || loopDepth > 0) {
      std::string out = "if (" + cond(1) + ") {\n" + block(3, depth - 1) + "}";
      if (chance(50))
        out += " else {\n" + block(3, depth - 1) + "}";
      return out + "\n";
    }
    ++loopDepth;
    std::string body = block(3, depth - 1);
    --loopDepth;
    return "k0 := 0;\nwhile (k0 < " + std::to_string(pick(1, 3)) + " and " + cond(0) +
           ") {\nk0 := k0 + 1;\n" + body + "}\n";
  }
};

} // namespace locus::encoder::testing
