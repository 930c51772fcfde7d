// The random program generator of the C differential test (generate.h). It keeps the C type of every
// expression it writes (integer promotions, the usual arithmetic conversions, the types of literals by their
// value, base and suffix) so that it knows the width a shift amount must stay below and the type a division
// is done in.
#include "generate.h"

#include <algorithm>
#include <array>
#include <optional>
#include <random>
#include <sstream>
#include <tuple>
#include <utility>

namespace cdiff {
namespace {

enum T { Bool, Char, SChar, UChar, Short, UShort, Int, UInt, Long, ULong, LLong, ULLong, kTypes };

struct TypeInfo {
  const char *name;
  int rank; ///< conversion rank: _Bool < char < short < int < long < long long
  int bits;
  bool isSigned;
  const char *nondet; ///< the suffix of its __VERIFIER_nondet_ function
};

const std::array<TypeInfo, kTypes> kInfo = {{
    {"_Bool", 0, 1, false, "bool"},
    {"char", 1, 8, true, "char"}, // signed on x86-64, for gcc and clang alike
    {"signed char", 1, 8, true, "schar"},
    {"unsigned char", 1, 8, false, "uchar"},
    {"short", 2, 16, true, "short"},
    {"unsigned short", 2, 16, false, "ushort"},
    {"int", 3, 32, true, "int"},
    {"unsigned int", 3, 32, false, "uint"},
    {"long", 4, 64, true, "long"},
    {"unsigned long", 4, 64, false, "ulong"},
    {"long long", 5, 64, true, "longlong"},
    {"unsigned long long", 5, 64, false, "ulonglong"},
}};

const TypeInfo &info(T t) {
  return kInfo[t];
}

/// C11 6.3.1.1: types of rank below int (all their values fit in int) become int.
T promote(T t) {
  return info(t).rank < info(Int).rank ? Int : t;
}

T unsignedOf(T t) {
  return t == Int ? UInt : t == Long ? ULong : t == LLong ? ULLong : t;
}

/// C11 6.3.1.8, the usual arithmetic conversions.
T usual(T a, T b) {
  a = promote(a);
  b = promote(b);
  if (a == b)
    return a;
  if (info(a).isSigned == info(b).isSigned)
    return info(a).rank >= info(b).rank ? a : b;
  T u = info(a).isSigned ? b : a, s = info(a).isSigned ? a : b;
  if (info(u).rank >= info(s).rank)
    return u;
  if (info(s).bits > info(u).bits)
    return s;
  return unsignedOf(s);
}

struct E {
  std::string text;
  T type;
};

class Gen {
public:
  Gen(uint64_t seed, int id) : rng_(seed), id_(id) {}

  Program run() {
    Program p;
    p.entry = "prog_" + std::to_string(id_);
    std::ostringstream out;
    // Globals (assigned at the start of the entry: another entry than main sees them 0 in locus).
    int nGlobals = pick(0, 2);
    std::vector<std::pair<std::string, T>> globals;
    for (int k = 0; k < nGlobals; ++k) {
      T t = anyType();
      std::string n = "g" + std::to_string(id_) + "_" + std::to_string(k);
      out << "static " << info(t).name << " " << n << ";\n";
      globals.push_back({n, t});
    }
    // Pure helper functions with parameters of random types.
    int nHelpers = pick(0, 2);
    for (int k = 0; k < nHelpers; ++k)
      helper(out, k);
    out << "unsigned long long " << p.entry << "(void) {\n";
    out << "  unsigned long long h = 0;\n";
    vars_ = globals;
    for (const auto &[n, t] : globals)
      out << "  " << n << " = " << literal(t).text << ";\n";
    p.rounds = pick(1, 3);
    out << "  for (int round = 0; round < " << p.rounds << "; round++) {\n";
    int nVars = pick(3, 6);
    for (int k = 0; k < nVars; ++k) {
      T t = anyType();
      std::string n = "v" + std::to_string(k);
      out << "    " << info(t).name << " " << n << " = __VERIFIER_nondet_" << info(t).nondet << "();\n";
      p.nondets.push_back(info(t).nondet);
      vars_.push_back({n, t});
    }
    int nStmts = pick(4, 9);
    for (int k = 0; k < nStmts; ++k)
      stmt(out, 4, 2);
    for (const auto &[n, t] : vars_)
      out << "    h = h * 1000003ull + (unsigned long long)" << n << ";\n";
    out << "  }\n  return h;\n}\n";
    p.text = out.str();
    return p;
  }

private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(int percent) { return pick(1, 100) <= percent; }
  T anyType() { return static_cast<T>(pick(0, kTypes - 1)); }

  /// A literal whose C type follows from its value, base and suffix (C11 6.4.4.1).
  E literal(std::optional<T> want = std::nullopt) {
    if (chance(8)) {
      static const char *chars[] = {"'a'", "'\\xff'", "'\\x80'", "'\\0'", "'7'", "'\\x7f'"};
      return {chars[pick(0, 5)], Int};
    }
    static const uint64_t mags[] = {0,
                                    1,
                                    2,
                                    3,
                                    5,
                                    7,
                                    8,
                                    15,
                                    16,
                                    31,
                                    32,
                                    63,
                                    64,
                                    100,
                                    127,
                                    128,
                                    255,
                                    256,
                                    1000,
                                    32767,
                                    32768,
                                    65535,
                                    65536,
                                    2147483647,
                                    2147483648,
                                    4294967295,
                                    4294967296,
                                    9223372036854775807ull,
                                    9223372036854775808ull,
                                    18446744073709551615ull};
    uint64_t m = chance(85) ? mags[pick(0, static_cast<int>(std::size(mags)) - 1)]
                            : (chance(50) ? rng_() % 70000 : rng_());
    bool hex = chance(35);
    static const char *suffixes[] = {"", "", "", "u", "l", "ul", "ll", "ull", "U", "LL", "uLL"};
    std::string suf = suffixes[pick(0, static_cast<int>(std::size(suffixes)) - 1)];
    std::string lower = suf;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return static_cast<char>(std::tolower(c)); });
    bool u = lower.find('u') != std::string::npos;
    bool ll = lower.find("ll") != std::string::npos, l = !ll && lower.find('l') != std::string::npos;
    if (!hex && !u && m > 9223372036854775807ull)
      m >>= 1; // a decimal literal without u must fit long long
    // The candidate types in order (C11 6.4.4.1p5).
    std::vector<T> cands;
    if (!u && !l && !ll)
      cands = hex ? std::vector<T>{Int, UInt, Long, ULong, LLong, ULLong} : std::vector<T>{Int, Long, LLong};
    else if (u && !l && !ll)
      cands = {UInt, ULong, ULLong};
    else if (!u && l)
      cands = hex ? std::vector<T>{Long, ULong, LLong, ULLong} : std::vector<T>{Long, LLong};
    else if (u && l)
      cands = {ULong, ULLong};
    else if (!u && ll)
      cands = hex ? std::vector<T>{LLong, ULLong} : std::vector<T>{LLong};
    else
      cands = {ULLong};
    T t = ULLong;
    for (T c : cands) {
      uint64_t max = info(c).isSigned
                         ? (uint64_t(1) << (info(c).bits - 1)) - 1
                         : (info(c).bits == 64 ? ~uint64_t(0) : (uint64_t(1) << info(c).bits) - 1);
      if (m <= max) {
        t = c;
        break;
      }
    }
    std::ostringstream s;
    if (hex)
      s << "0x" << std::hex << m;
    else
      s << m;
    s << suf;
    E e{s.str(), t};
    if (want && chance(50))
      e = {"(" + std::string(info(*want).name) + ")" + e.text, *want};
    if (chance(20)) // unary minus: the literal's type, promoted
      e = {"(-" + e.text + ")", promote(e.type)};
    return e;
  }

  E leaf() {
    if (!vars_.empty() && chance(70)) {
      const auto &[n, t] = vars_[static_cast<size_t>(pick(0, static_cast<int>(vars_.size()) - 1))];
      return {n, t};
    }
    return literal();
  }

  /// A divisor that is never -1 (INT_MIN / -1 traps on x86; C leaves it undefined) and never 0, except rarely
  /// when `wild` (only in `v /= e`: inside an expression gcc may fold the undefined division away, as in
  /// `0 * (x / 0)`).
  std::string divisor(const E &r, bool wild = false) {
    if (wild && chance(12))
      return "((" + r.text + ") == -1 ? 3 : (" + r.text + "))";
    return "(((" + r.text + ") == 0 || (" + r.text + ") == -1) ? 3 : (" + r.text + "))";
  }

  /// A shift amount for a left operand of promoted type t: masked into [0, width), except rarely when `wild`
  /// (only in `v <<= e`, for the reason of divisor): then gcc's sanitizer reports it and locus must fail its
  /// shift check.
  std::string amount(T t, const E &r, bool wild = false) {
    if (wild && chance(10))
      return "((" + r.text + ") % 70)";
    return "((" + r.text + ") & " + std::to_string(info(t).bits - 1) + ")";
  }

  E expr(int depth) {
    if (depth <= 0 || chance(25))
      return leaf();
    switch (pick(0, 12)) {
    case 0: {
      E a = expr(depth - 1);
      static const char *ops[] = {"-", "~", "!", "+"};
      int k = pick(0, 3);
      return {std::string("(") + ops[k] + a.text + ")", k == 2 ? Int : promote(a.type)};
    }
    case 1: {
      E a = expr(depth - 1);
      T t = anyType();
      return {"((" + std::string(info(t).name) + ")" + a.text + ")", t};
    }
    case 2:
    case 3:
    case 4: {
      E a = expr(depth - 1), b = expr(depth - 1);
      static const char *ops[] = {"+", "-", "*", "&", "|", "^"};
      return {"(" + a.text + " " + ops[pick(0, 5)] + " " + b.text + ")", usual(a.type, b.type)};
    }
    case 5: {
      E a = expr(depth - 1), b = expr(depth - 1);
      return {"(" + a.text + (chance(50) ? " / " : " % ") + divisor(b) + ")",
              usual(a.type, usual(b.type, Int))};
    }
    case 6: {
      E a = expr(depth - 1), b = expr(depth - 1);
      T t = promote(a.type);
      return {"(" + a.text + (chance(50) ? " << " : " >> ") + amount(t, b) + ")", t};
    }
    case 7:
    case 8: {
      E a = expr(depth - 1), b = expr(depth - 1);
      static const char *ops[] = {"==", "!=", "<", "<=", ">", ">="};
      return {"(" + a.text + " " + ops[pick(0, 5)] + " " + b.text + ")", Int};
    }
    case 9: {
      E a = expr(depth - 1), b = expr(depth - 1);
      return {"(" + a.text + (chance(50) ? " && " : " || ") + b.text + ")", Int};
    }
    case 10: {
      E c = expr(depth - 1), a = expr(depth - 1), b = expr(depth - 1);
      return {"(" + c.text + " ? " + a.text + " : " + b.text + ")", usual(a.type, b.type)};
    }
    default:
      if (!helpers_.empty()) {
        const auto &[name, params, result] =
            helpers_[static_cast<size_t>(pick(0, static_cast<int>(helpers_.size()) - 1))];
        std::string call = name + "(";
        for (size_t i = 0; i < params.size(); ++i)
          call += (i ? ", " : "") + expr(depth - 1).text;
        return {call + ")", result};
      }
      return leaf();
    }
  }

  std::string cond() { return expr(2).text; }

  void helper(std::ostringstream &out, int k) {
    std::string name = "f" + std::to_string(id_) + "_" + std::to_string(k);
    T result = anyType();
    std::vector<T> params;
    int n = pick(1, 3);
    auto saved = vars_;
    vars_.clear();
    out << "static " << info(result).name << " " << name << "(";
    for (int i = 0; i < n; ++i) {
      T t = anyType();
      params.push_back(t);
      std::string pn = "p" + std::to_string(i);
      out << (i ? ", " : "") << info(t).name << " " << pn;
      vars_.push_back({pn, t});
    }
    out << ") {\n";
    int nStmts = pick(0, 2);
    for (int s = 0; s < nStmts; ++s)
      stmt(out, 2, 0);
    out << "  return " << expr(3).text << ";\n}\n";
    vars_ = std::move(saved);
    helpers_.push_back({name, params, result});
  }

  /// A statement at indentation `ind`; `nest` more levels of compound statements allowed.
  void stmt(std::ostringstream &out, int ind, int nest) {
    std::string pad(static_cast<size_t>(ind), ' ');
    if (vars_.empty()) {
      out << pad << ";\n";
      return;
    }
    const auto &[v, vt] = vars_[static_cast<size_t>(pick(0, static_cast<int>(vars_.size()) - 1))];
    int kind = nest > 0 ? pick(0, 14) : pick(0, 6);
    switch (kind) {
    case 0:
    case 1:
    case 2: out << pad << v << " = " << expr(3).text << ";\n"; return;
    case 3:
    case 4: {
      E r = expr(2);
      static const char *ops[] = {"+=", "-=", "*=", "&=", "|=", "^=", "/=", "%=", "<<=", ">>="};
      int k = pick(0, 9);
      std::string rhs = r.text;
      if (k == 6 || k == 7)
        rhs = divisor(r, true);
      else if (k >= 8)
        rhs = amount(promote(vt), r, true);
      out << pad << v << " " << ops[k] << " " << rhs << ";\n";
      return;
    }
    case 5: {
      static const char *ops[] = {"++", "--"};
      if (chance(50))
        out << pad << v << ops[pick(0, 1)] << ";\n";
      else
        out << pad << ops[pick(0, 1)] << v << ";\n";
      return;
    }
    case 6:
      out << pad << v << " = " << v << " " << (chance(50) ? "+" : "^") << " " << expr(2).text << ";\n";
      return;
    case 7:
    case 8:
      out << pad << "if (" << cond() << ") {\n";
      block(out, ind + 2, nest - 1);
      out << pad << "} else {\n";
      block(out, ind + 2, nest - 1);
      out << pad << "}\n";
      return;
    case 9: {
      std::string k = "k" + std::to_string(label_++);
      out << pad << "for (int " << k << " = 0; " << k << " < " << pick(0, 3) << "; " << k << "++) {\n";
      block(out, ind + 2, nest - 1);
      out << pad << "}\n";
      return;
    }
    case 10: {
      out << pad << "switch ((" << expr(2).text << ") & 3) {\n";
      for (int c = 0; c < 3; ++c) {
        out << pad << (c == 2 ? "default:\n" : "case " + std::to_string(c * 2) + ":\n");
        block(out, ind + 2, 0);
        if (chance(60))
          out << pad << "  break;\n";
      }
      out << pad << "}\n";
      return;
    }
    case 11: { // forward goto over some statements
      std::string l = "F" + std::to_string(label_++);
      out << pad << "if (" << cond() << ")\n" << pad << "  goto " << l << ";\n";
      block(out, ind, nest - 1);
      out << pad << l << ":;\n";
      return;
    }
    case 12: { // a backward goto: a loop of at most 3 rounds
      int n = label_++;
      std::string l = "B" + std::to_string(n), c = "c" + std::to_string(n);
      out << pad << "{\n" << pad << "  int " << c << " = 0;\n" << pad << l << ":\n";
      block(out, ind + 2, nest - 1);
      out << pad << "  if (++" << c << " < 3 && (" << cond() << "))\n" << pad << "    goto " << l << ";\n";
      out << pad << "}\n";
      return;
    }
    case 13: { // a goto out of a loop
      int n = label_++;
      std::string l = "O" + std::to_string(n), k = "k" + std::to_string(n);
      out << pad << "for (int " << k << " = 0; " << k << " < 3; " << k << "++) {\n";
      block(out, ind + 2, nest - 1);
      out << pad << "  if (" << cond() << ")\n" << pad << "    goto " << l << ";\n";
      out << pad << "}\n" << pad << l << ":;\n";
      return;
    }
    default: { // between the branches of an if
      std::string l = "E" + std::to_string(label_++);
      out << pad << "if (" << cond() << ") {\n";
      block(out, ind + 2, nest - 1);
      out << pad << "  if (" << cond() << ")\n" << pad << "    goto " << l << ";\n";
      out << pad << "} else {\n" << pad << l << ":\n";
      block(out, ind + 2, nest - 1);
      out << pad << "}\n";
      return;
    }
    }
  }

  void block(std::ostringstream &out, int ind, int nest) {
    int n = pick(1, 3);
    for (int k = 0; k < n; ++k)
      stmt(out, ind, std::max(nest, 0));
  }

  std::mt19937_64 rng_;
  int id_;
  int label_ = 0;
  std::vector<std::pair<std::string, T>> vars_;
  std::vector<std::tuple<std::string, std::vector<T>, T>> helpers_;
};

} // namespace

Program generate(uint64_t seed, int id) {
  return Gen(seed, id).run();
}

std::string prelude() {
  std::string s;
  for (const TypeInfo &t : kInfo)
    s += std::string("extern ") + t.name + " __VERIFIER_nondet_" + t.nondet + "(void);\n";
  return s;
}

std::string nondetDefinitions(const std::string &source) {
  std::string s;
  for (const TypeInfo &t : kInfo)
    s += t.name + std::string(" __VERIFIER_nondet_") + t.nondet + "(void) {\n  return (" + t.name + ")" +
         source + "();\n}\n";
  return s;
}

std::vector<std::string> inputs(uint64_t seed, const std::vector<std::string> &calls) {
  std::mt19937_64 rng(seed);
  static const int64_t edges[] = {0,
                                  1,
                                  -1,
                                  2,
                                  7,
                                  -8,
                                  100,
                                  127,
                                  128,
                                  -128,
                                  -129,
                                  255,
                                  256,
                                  32767,
                                  32768,
                                  -32768,
                                  65535,
                                  65536,
                                  2147483647,
                                  -2147483647 - 1,
                                  2147483648,
                                  4294967295,
                                  4294967296,
                                  -4294967296,
                                  9223372036854775807,
                                  -9223372036854775807 - 1};
  std::vector<std::string> out;
  for (const std::string &c : calls) {
    uint64_t r = rng();
    if (c == "bool")
      out.push_back(std::to_string(r & 1));
    else if (r % 3 == 0)
      out.push_back(std::to_string(edges[(r >> 2) % std::size(edges)]));
    else if (r % 3 == 1)
      out.push_back(std::to_string(static_cast<int64_t>((r >> 2) % 41) - 20));
    else
      out.push_back(std::to_string(static_cast<int64_t>(rng())));
  }
  return out;
}

} // namespace cdiff
