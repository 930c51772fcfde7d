// The random program generator of the C differential test (generate.h). It keeps the C type of every
// expression it writes (integer promotions, the usual arithmetic conversions, the types of literals by their
// value, base and suffix) so that it knows the width a shift amount must stay below and the type a division
// is done in.
#include "generate.h"

#include <algorithm>
#include <array>
#include <cstdlib>
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

/// A scalar lvalue: a variable, a parameter or a struct variable's scalar field (`addr`: `&name` may be
/// taken).
struct Var {
  std::string name;
  T type;
  bool addr = false;
};

/// An array of the memory features: element i is `base[i]suffix` (`base[i][j]` when two-dimensional).
/// `plain`: a contiguous array of `type` (its own, a struct's array field or, per row, a two-dimensional
/// one), which pointers may point into and memset, memcpy and the array helpers take; the fields of an array
/// of structs (suffix `.x`) are not.
struct Arr {
  std::string base, suffix;
  T type;
  int rows; ///< 0: one-dimensional
  int len;  ///< the length, or the columns of a two-dimensional array
  bool plain;
};

/// `len` elements of `type` from `base` on (a one-dimensional plain array, or one row of a two-dimensional
/// one).
struct Span {
  std::string base;
  T type;
  int len;
};

/// A pointer variable: into the span `base` (its offset stays within 0..len-1) or, when `base` is empty, to a
/// scalar variable of its type.
struct Ptr {
  std::string name;
  T type;
  std::string base;
  int len;
};

class Gen {
public:
  Gen(uint64_t seed, int id) : rng_(seed), id_(id) {
    // Whether the program uses the memory features is drawn apart, so that the programs without them are
    // those of the generator before it had them.
    mem_ = (std::mt19937_64(seed ^ 0x6d656d6f7279ull)() & 1) != 0;
  }

  Program run() {
    Program p;
    p.entry = "prog_" + std::to_string(id_);
    p.memory = mem_;
    std::ostringstream out, entry;
    // Globals (assigned at the start of the entry: another entry than main sees them 0 in locus).
    int nGlobals = pick(0, 2);
    std::vector<Var> globals;
    for (int k = 0; k < nGlobals; ++k) {
      T t = anyType();
      std::string n = "g" + std::to_string(id_) + "_" + std::to_string(k);
      out << "static " << info(t).name << " " << n << ";\n";
      globals.push_back({n, t, true});
    }
    // Global arrays: zero in gcc's process and for locus's --entry alike.
    std::vector<Arr> globalArrays;
    if (mem_)
      for (int k = pick(0, 2); k > 0; --k) {
        std::string n = "ga" + std::to_string(id_) + "_" + std::to_string(k);
        globalArrays.push_back(newArray(n));
        const Arr &a = globalArrays.back();
        out << "static " << info(a.type).name << " " << n;
        if (a.rows)
          out << "[" << a.rows << "]";
        out << "[" << a.len << "];\n";
      }
    // Pure helper functions with parameters of random types.
    int nHelpers = pick(0, 2);
    for (int k = 0; k < nHelpers; ++k)
      helper(out, k);
    entry << "unsigned long long " << p.entry << "(void) {\n";
    entry << "  unsigned long long h = 0;\n";
    vars_ = globals;
    for (const Var &g : globals)
      entry << "  " << g.name << " = " << literal(g.type).text << ";\n";
    arrs_ = globalArrays;
    for (const Arr &a : globalArrays)
      for (int k = pick(0, 2); k > 0; --k)
        entry << "  " << element(a, true).text << " = " << literal(a.type).text << ";\n";
    p.rounds = pick(1, 3);
    entry << "  for (int round = 0; round < " << p.rounds << "; round++) {\n";
    int nVars = pick(3, 6);
    for (int k = 0; k < nVars; ++k) {
      T t = anyType();
      std::string n = "v" + std::to_string(k);
      entry << "    " << info(t).name << " " << n << " = __VERIFIER_nondet_" << info(t).nondet << "();\n";
      p.nondets.push_back(info(t).nondet);
      vars_.push_back({n, t, true});
    }
    if (mem_)
      memLocals(out, entry);
    int nStmts = pick(4, 9);
    for (int k = 0; k < nStmts; ++k)
      stmt(entry, 4, 2);
    for (const Var &v : vars_)
      entry << "    h = h * 1000003ull + (unsigned long long)" << v.name << ";\n";
    checksum(entry);
    entry << "  }\n  return h;\n}\n";
    p.text = out.str() + arrayHelpers_.str() + entry.str();
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
    // (In a program without the memory features there is nothing extra: the draws are those of before.)
    if (!extraRo_.empty() && chance(20))
      return oneOf(extraRo_);
    if (!extraLv_.empty() && chance(30))
      return oneOf(extraLv_);
    if (mem_ && chance(35))
      if (std::optional<E> m = memLeaf())
        return *m;
    if (!vars_.empty() && chance(70)) {
      const Var &v = vars_[static_cast<size_t>(pick(0, static_cast<int>(vars_.size()) - 1))];
      return {v.name, v.type};
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
    bool mem = std::exchange(mem_, false); // pure: they read their parameters only
    out << "static " << info(result).name << " " << name << "(";
    for (int i = 0; i < n; ++i) {
      T t = anyType();
      params.push_back(t);
      std::string pn = "p" + std::to_string(i);
      out << (i ? ", " : "") << info(t).name << " " << pn;
      vars_.push_back({pn, t, false});
    }
    out << ") {\n";
    int nStmts = pick(0, 2);
    for (int s = 0; s < nStmts; ++s)
      stmt(out, 2, 0);
    out << "  return " << expr(3).text << ";\n}\n";
    vars_ = std::move(saved);
    mem_ = mem;
    helpers_.push_back({name, params, result});
  }

  /// A statement at indentation `ind`; `nest` more levels of compound statements allowed.
  void stmt(std::ostringstream &out, int ind, int nest) {
    std::string pad(static_cast<size_t>(ind), ' ');
    if (vars_.empty()) {
      out << pad << ";\n";
      return;
    }
    if (mem_ && chance(22)) {
      memStmt(out, ind, nest);
      return;
    }
    E lv = lvalue();
    const std::string &v = lv.text;
    T vt = lv.type;
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
      int bound = pick(0, 3);
      out << pad << "for (int " << k << " = 0; " << k << " < " << bound << "; " << k << "++) {\n";
      counters_.push_back({k, bound});
      ++loops_;
      block(out, ind + 2, nest - 1);
      --loops_;
      counters_.pop_back();
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
      ++loops_;
      block(out, ind + 2, nest - 1);
      --loops_;
      out << pad << "  if (++" << c << " < 3 && (" << cond() << "))\n" << pad << "    goto " << l << ";\n";
      out << pad << "}\n";
      return;
    }
    case 13: { // a goto out of a loop
      int n = label_++;
      std::string l = "O" + std::to_string(n), k = "k" + std::to_string(n);
      out << pad << "for (int " << k << " = 0; " << k << " < 3; " << k << "++) {\n";
      counters_.push_back({k, 3});
      ++loops_;
      block(out, ind + 2, nest - 1);
      --loops_;
      counters_.pop_back();
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

  // ---- The memory features (about half of the programs: mem_) ----

  template <class X> const X &oneOf(const std::vector<X> &v) {
    return v[static_cast<size_t>(pick(0, static_cast<int>(v.size()) - 1))];
  }

  static std::string num(long long v) { return std::to_string(v); }

  /// A new array named n: one-dimensional (1 to 12 elements) or two-dimensional (2 or 3 rows of 1 to 4).
  Arr newArray(const std::string &n) {
    T t = anyType();
    if (chance(25))
      return {n, "", t, pick(2, 3), pick(1, 4), true};
    return {n, "", t, 0, chance(30) ? pick(1, 3) : pick(4, 12), true};
  }

  /// An index in 0..n-1: a constant, a loop counter that stays below n, or any value made non-negative by an
  /// unsigned cast, modulo n.
  std::string idx(int n, bool constant = false) {
    if (constant || n == 1 || chance(25))
      return num(pick(0, n - 1));
    if (chance(30)) {
      std::vector<std::pair<std::string, int>> fit;
      for (const auto &c : counters_)
        if (c.second <= n)
          fit.push_back(c);
      if (!fit.empty()) {
        const auto &c = oneOf(fit);
        return chance(50) ? c.first : "(" + c.first + " + " + num(pick(1, n - 1)) + ") % " + num(n);
      }
    }
    return "((unsigned)(" + indexExpr() + ") % " + num(n) + "u)";
  }

  /// The expression an index is computed from: it reads no memory (an index of an index of … would grow
  /// the programs without testing more).
  std::string indexExpr() {
    bool mem = std::exchange(mem_, false);
    std::string e = expr(1).text;
    mem_ = mem;
    return e;
  }

  E element(const Arr &a, bool constant = false) {
    if (a.rows)
      return {a.base + "[" + idx(a.rows, constant) + "][" + idx(a.len, constant) + "]", a.type};
    return {a.base + "[" + idx(a.len, constant) + "]" + a.suffix, a.type};
  }

  /// The spans of the plain arrays (every row of a two-dimensional one), of type t when given.
  std::vector<Span> spans(std::optional<T> t = std::nullopt) {
    std::vector<Span> out;
    for (const Arr &a : arrs_)
      if (a.plain && (!t || a.type == *t)) {
        if (!a.rows)
          out.push_back({a.base, a.type, a.len});
        for (int r = 0; r < a.rows; ++r)
          out.push_back({a.base + "[" + num(r) + "]", a.type, a.len});
      }
    return out;
  }

  /// An index k such that `ptr + k` stays in p's span (ptr: p, or *pp).
  std::string ptrIdx(const Ptr &p, const std::string &ptr) {
    if (chance(30))
      return "0";
    return "((unsigned long)(" + indexExpr() + ") % (unsigned long)(" + num(p.len) + " - (" + ptr + " - " +
           p.base + ")))";
  }

  /// A dereference of p (written `ptr`: p itself, or *pp).
  E deref(const Ptr &p, const std::string &ptr) {
    if (p.base.empty() || chance(40))
      return {"(*" + ptr + ")", p.type};
    if (chance(50))
      return {"(" + ptr + ")[" + ptrIdx(p, ptr) + "]", p.type};
    return {"(*(" + ptr + " + " + ptrIdx(p, ptr) + "))", p.type};
  }

  /// An lvalue in memory: an array element, *p, p[k], **pp, (*pp)[k].
  std::optional<E> memLvalue() {
    int k = pick(0, 9);
    if (k < 5 && !arrs_.empty())
      return element(oneOf(arrs_));
    if (k < 8 && !ptrs_.empty()) {
      const Ptr &p = oneOf(ptrs_);
      return deref(p, p.name);
    }
    if (!pptrs_.empty()) {
      const auto &[pp, i] = oneOf(pptrs_);
      return deref(ptrs_[i], "*" + pp);
    }
    if (!arrs_.empty())
      return element(oneOf(arrs_));
    return std::nullopt;
  }

  /// A value read from memory, or one of pointers: an offset `p - a`, a distance `q - p`, a comparison.
  std::optional<E> memLeaf() {
    if (chance(20) && !ptrs_.empty()) {
      const Ptr &p = oneOf(ptrs_);
      if (!p.base.empty()) {
        std::vector<Ptr> same;
        for (const Ptr &q : ptrs_)
          if (q.base == p.base)
            same.push_back(q);
        const Ptr &q = oneOf(same);
        static const char *cmp[] = {"<", "<=", ">", ">=", "==", "!="};
        switch (pick(0, 2)) {
        case 0: return E{"(" + p.name + " - " + p.base + ")", Long};
        case 1: return E{"(" + q.name + " - " + p.name + ")", Long};
        default: return E{"(" + p.name + " " + cmp[pick(0, 5)] + " " + q.name + ")", Int};
        }
      }
    }
    return memLvalue();
  }

  E lvalue() {
    if (!extraLv_.empty() && chance(50))
      return oneOf(extraLv_);
    if (mem_ && chance(40))
      if (std::optional<E> m = memLvalue())
        return *m;
    const Var &v = vars_[static_cast<size_t>(pick(0, static_cast<int>(vars_.size()) - 1))];
    return {v.name, v.type};
  }

  /// An initializer list of `n` elements of type t, the first few given (the rest are 0).
  std::string initList(T t, int n) {
    std::string s = "{";
    int given = chance(20) ? 1 : pick(1, n);
    for (int i = 0; i < given; ++i)
      s += (i ? ", " : "") + (chance(50) ? literal(t).text : expr(1).text);
    return s + "}";
  }

  /// The round's local arrays, struct variables and pointers, every array fully initialized (an array read
  /// before it is written would be indeterminate; locus would draw its contents as nondet input).
  void memLocals(std::ostringstream &types, std::ostringstream &out) {
    std::string pad = "    ";
    for (int k = pick(1, 3); k > 0; --k) {
      Arr a = newArray("a" + num(k));
      out << pad << info(a.type).name << " " << a.base;
      if (a.rows) {
        out << "[" << a.rows << "][" << a.len << "] = {";
        int given = pick(1, a.rows);
        for (int r = 0; r < given; ++r)
          out << (r ? ", " : "") << initList(a.type, a.len);
        out << "};\n";
      } else {
        out << "[" << a.len << "] = " << initList(a.type, a.len) << ";\n";
      }
      arrs_.push_back(a);
    }
    if (chance(35)) { // a struct with an array field; maybe a copy of it
      std::string tag = "S" + num(id_);
      T n = anyType(), e = anyType();
      int len = pick(1, 8);
      types << "struct " << tag << " {\n  " << info(n).name << " n;\n  " << info(e).name << " d[" << len
            << "];\n};\n";
      out << pad << "struct " << tag << " st0 = {" << expr(1).text;
      if (chance(70))
        out << ", " << initList(e, len);
      out << "};\n";
      vars_.push_back({"st0.n", n, false});
      arrs_.push_back({"st0.d", "", e, 0, len, true});
      if (chance(50)) {
        out << pad << "struct " << tag << " st1 = st0;\n";
        vars_.push_back({"st1.n", n, false});
        arrs_.push_back({"st1.d", "", e, 0, len, true});
        structCopies_.push_back("st1 = st0");
        structCopies_.push_back("st0 = st1");
      }
    }
    if (chance(25)) { // an array of structs
      std::string tag = "P" + num(id_);
      T x = anyType(), y = anyType();
      int len = pick(1, 5);
      types << "struct " << tag << " {\n  " << info(x).name << " x;\n  " << info(y).name << " y;\n};\n";
      out << pad << "struct " << tag << " sa[" << len << "] = {";
      int given = pick(1, len);
      for (int i = 0; i < given; ++i)
        out << (i ? ", " : "") << "{" << expr(1).text << (chance(70) ? ", " + expr(1).text : "") << "}";
      out << "};\n";
      arrs_.push_back({"sa", ".x", x, 0, len, false});
      arrs_.push_back({"sa", ".y", y, 0, len, false});
      if (len > 1) {
        structCopies_.push_back("sa[" + idx(len) + "] = sa[" + idx(len) + "]");
        structCopies_.push_back("sa[" + idx(len) + "].x = sa[" + idx(len) + "].x");
      }
    }
    // Pointers into the arrays (the offset stays in bounds), to scalar variables, and to those pointers.
    std::vector<Span> sp = spans();
    for (int k = sp.empty() ? 0 : pick(0, 2); k > 0; --k) {
      const Span &s = oneOf(sp);
      Ptr p{"p" + num(ptrs_.size()), s.type, s.base, s.len};
      out << pad << info(p.type).name << " *" << p.name << " = "
          << (chance(50) ? s.base + " + " + idx(s.len) : "&" + s.base + "[" + idx(s.len) + "]") << ";\n";
      ptrs_.push_back(p);
    }
    for (int k = pick(0, 2); k > 0; --k) {
      const Var &v = oneOf(vars_);
      if (!v.addr)
        continue;
      Ptr p{"p" + num(ptrs_.size()), v.type, "", 0};
      out << pad << info(p.type).name << " *" << p.name << " = &" << v.name << ";\n";
      ptrs_.push_back(p);
    }
    if (!ptrs_.empty() && chance(40)) {
      size_t i = static_cast<size_t>(pick(0, static_cast<int>(ptrs_.size()) - 1));
      std::string pp = "pp" + num(static_cast<long long>(i));
      out << pad << info(ptrs_[i].type).name << " **" << pp << " = &" << ptrs_[i].name << ";\n";
      pptrs_.push_back({pp, i});
    }
  }

  /// Where p (written `ptr`: p itself, or *pp) may point next: `ptr = …;`, or a guarded step.
  std::string reseat(const Ptr &p, const std::string &ptr) {
    if (p.base.empty()) {
      std::vector<Var> same;
      for (const Var &v : vars_)
        if (v.addr && v.type == p.type)
          same.push_back(v);
      return same.empty() ? ";" : ptr + " = &" + oneOf(same).name + ";";
    }
    std::string end = p.base + " + " + num(p.len - 1), inc = ptr[0] == '*' ? "(" + ptr + ")" : ptr;
    switch (pick(0, 6)) {
    case 0: return ptr + " = " + p.base + " + " + idx(p.len) + ";";
    case 1: return ptr + " = &" + p.base + "[" + idx(p.len) + "];";
    case 2: return "if (" + ptr + " < " + end + ")\n  " + (chance(50) ? inc + "++;" : "++" + inc + ";");
    case 3: return "if (" + ptr + " > " + p.base + ")\n  " + (chance(50) ? inc + "--;" : inc + " -= 1;");
    case 4:
      return ptr + " = " + p.base + " + ((unsigned long)(" + ptr + " - " + p.base + ") + (unsigned long)(" +
             indexExpr() + ")) % " + num(p.len) + "ul;";
    default: {
      std::vector<Ptr> same;
      for (const Ptr &q : ptrs_)
        if (q.base == p.base && q.name != ptr)
          same.push_back(q);
      if (same.empty())
        return ptr + " = " + p.base + ";";
      const Ptr &q = oneOf(same);
      if (chance(50))
        return "if (" + q.name + " < " + ptr + ")\n  " + ptr + " = " + q.name + ";";
      return ptr + " = " + q.name + " + (" + ptr + " - " + q.name + ") / 2;";
    }
    }
  }

  /// A memset byte for elements of type t (0 or 1 for _Bool: any other byte is no _Bool value).
  std::string memsetByte(T t) {
    static const char *bytes[] = {"0", "1", "0x7f", "0x80", "0xff", "0x5a", "'a'"};
    return t == Bool ? bytes[pick(0, 1)] : bytes[pick(0, 6)];
  }

  /// The helper for arrays of type t (made on first use): a loop over its n elements that reads and writes
  /// them and an accumulator.
  std::string arrayHelper(T t) {
    for (const auto &[ht, name] : arrayHelperNames_)
      if (ht == t)
        return name;
    std::string name = "fa" + num(id_) + "_" + num(static_cast<long long>(arrayHelperNames_.size()));
    arrayHelperNames_.push_back({t, name});
    // A scope of its own.
    auto saved = std::make_tuple(vars_, arrs_, ptrs_, pptrs_, extraLv_, extraRo_, counters_, structCopies_);
    arrs_.clear();
    ptrs_.clear();
    pptrs_.clear();
    structCopies_.clear();
    counters_.clear();
    T x = anyType();
    vars_ = {{"x", x, false}};
    extraLv_ = {{"p[i]", t}};
    extraRo_ = {{"i", Int}, {"n", Int}};
    bool mem = std::exchange(mem_, false);
    std::ostringstream &out = arrayHelpers_;
    out << "static " << info(x).name << " " << name << "(" << info(t).name << (chance(50) ? " *p" : " p[]")
        << ", int n, " << info(x).name << " x) {\n";
    out << "#pragma locus unwind 12\n  for (int i = 0; i < n; i++) {\n";
    block(out, 4, 0);
    out << "  }\n  return x;\n}\n";
    std::tie(vars_, arrs_, ptrs_, pptrs_, extraLv_, extraRo_, counters_, structCopies_) = saved;
    mem_ = mem;
    return name;
  }

  /// A statement of the memory features.
  void memStmt(std::ostringstream &out, int ind, int nest) {
    std::string pad(static_cast<size_t>(ind), ' ');
    auto emit = [&](const std::string &text) { // (multi-line text: indented line by line)
      std::istringstream in(text);
      for (std::string l; std::getline(in, l);)
        out << pad << l << "\n";
    };
    switch (pick(0, 11)) {
    case 0:
    case 1:
      if (!ptrs_.empty()) {
        const Ptr &p = oneOf(ptrs_);
        emit(reseat(p, p.name));
        return;
      }
      break;
    case 2:
      if (!pptrs_.empty()) {
        const auto &[pp, i] = oneOf(pptrs_);
        emit(reseat(ptrs_[i], "*" + pp));
        return;
      }
      break;
    case 3: { // memset of a whole array, or of a part
      if (arrs_.empty())
        break;
      const Arr &a = oneOf(arrs_);
      if (a.plain && chance(40)) {
        emit("memset(" + a.base + ", " + memsetByte(a.type) + ", sizeof " + a.base + ");");
        return;
      }
      std::vector<Span> sp = spans();
      if (sp.empty())
        break;
      const Span &s = oneOf(sp);
      int n = pick(1, s.len), from = pick(0, s.len - n);
      emit("memset(" + (chance(50) ? s.base + " + " + num(from) : "&" + s.base + "[" + num(from) + "]") +
           ", " + memsetByte(s.type) + ", " + num(n) + " * sizeof(" + info(s.type).name + "));");
      return;
    }
    case 4: { // memcpy, memmove: between arrays of one type, or within one
      std::vector<Span> sp = spans();
      if (sp.empty())
        break;
      const Span d = oneOf(sp);
      const Span s = oneOf(spans(d.type));
      int n = pick(1, std::min(d.len, s.len)), i = pick(0, d.len - n), j = pick(0, s.len - n);
      bool overlap = d.base == s.base && std::abs(i - j) < n;
      std::string fn = overlap || chance(25) ? "memmove" : "memcpy";
      if (i == 0 && j == 0 && n == d.len && n == s.len && chance(50))
        emit(fn + "(" + d.base + ", " + s.base + ", sizeof " + d.base + ");");
      else
        emit(fn + "(" + d.base + " + " + num(i) + ", " + s.base + " + " + num(j) + ", " + num(n) +
             " * sizeof(" + info(d.type).name + "));");
      return;
    }
    case 5:
    case 6: { // an array helper on an array, or on the part of one from a pointer on
      std::vector<Span> sp = spans();
      if (sp.empty())
        break;
      const Span s = oneOf(sp);
      std::string fn = arrayHelper(s.type), arg = s.base, n = num(s.len);
      for (const Ptr &p : ptrs_)
        if (p.base == s.base && chance(40)) {
          arg = p.name;
          n = "(int)(" + num(s.len) + " - (" + p.name + " - " + s.base + "))";
        }
      std::string call = fn + "(" + arg + ", " + n + ", " + expr(2).text + ")";
      emit(chance(70) ? oneOf(vars_).name + " = " + call + ";" : call + ";");
      return;
    }
    case 7:
    case 8: {                                       // a loop over an array's elements
      if (nest <= 0 || loops_ > 0 || arrs_.empty()) // (not in another loop: the verifier's formulas grow)
        break;
      const Arr a = oneOf(arrs_);
      std::string i = "i" + num(label_++), j = "j" + num(label_++);
      auto loop = [&](const std::string &v, int n, int at) {
        out << std::string(static_cast<size_t>(at), ' ') << "#pragma locus unwind " << n << "\n"
            << std::string(static_cast<size_t>(at), ' ') << "for (int " << v << " = 0; " << v << " < " << n
            << "; " << v << "++) {\n";
        extraRo_.push_back({v, Int});
        counters_.push_back({v, n});
      };
      loop(i, a.rows ? a.rows : a.len, ind);
      if (a.rows)
        loop(j, a.len, ind + 2);
      extraLv_.push_back(
          {a.rows ? a.base + "[" + i + "][" + j + "]" : a.base + "[" + i + "]" + a.suffix, a.type});
      block(out, ind + (a.rows ? 4 : 2), 0);
      extraLv_.pop_back();
      for (int k = a.rows ? 2 : 1; k > 0; --k) {
        extraRo_.pop_back();
        counters_.pop_back();
        out << std::string(static_cast<size_t>(ind + 2 * (k - 1)), ' ') << "}\n";
      }
      return;
    }
    case 9: { // a loop of a pointer over an array
      std::vector<Span> sp = spans();
      if (nest <= 0 || loops_ > 0 || sp.empty())
        break;
      const Span s = oneOf(sp);
      std::string q = "q" + num(label_++), end = s.base + " + " + num(s.len);
      out << pad << "#pragma locus unwind " << s.len << "\n"
          << pad << "for (" << info(s.type).name << " *" << q << " = " << s.base << "; " << q
          << (chance(50) ? " < " : " != ") << end << "; " << q << "++) {\n";
      extraLv_.push_back({"(*" + q + ")", s.type});
      extraRo_.push_back({"(" + q + " - " + s.base + ")", Long});
      block(out, ind + 2, 0);
      extraLv_.pop_back();
      extraRo_.pop_back();
      out << pad << "}\n";
      return;
    }
    case 10:
      if (!structCopies_.empty()) {
        emit(oneOf(structCopies_) + ";");
        return;
      }
      break;
    default: break;
    }
    // Otherwise: an assignment to memory.
    if (std::optional<E> m = memLvalue())
      emit(m->text + " = " + expr(3).text + ";");
    else
      emit(oneOf(vars_).name + " = " + expr(3).text + ";");
  }

  /// Folds every array element and every pointer's offset and target into h.
  void checksum(std::ostringstream &out) {
    std::string pad = "    ";
    for (const Arr &a : arrs_) {
      std::string i = "i" + num(label_++), j = "j" + num(label_++);
      out << pad << "#pragma locus unwind " << (a.rows ? a.rows : a.len) << "\n"
          << pad << "for (int " << i << " = 0; " << i << " < " << (a.rows ? a.rows : a.len) << "; " << i
          << "++)\n";
      if (a.rows)
        out << pad << "  #pragma locus unwind " << a.len << "\n"
            << pad << "  for (int " << j << " = 0; " << j << " < " << a.len << "; " << j << "++)\n"
            << pad << "    h = h * 1000003ull + (unsigned long long)" << a.base << "[" << i << "][" << j
            << "];\n";
      else
        out << pad << "  h = h * 1000003ull + (unsigned long long)" << a.base << "[" << i << "]" << a.suffix
            << ";\n";
    }
    for (const Ptr &p : ptrs_) {
      if (!p.base.empty())
        out << pad << "h = h * 1000003ull + (unsigned long long)(" << p.name << " - " << p.base << ");\n";
      out << pad << "h = h * 1000003ull + (unsigned long long)*" << p.name << ";\n";
    }
    for (const auto &[pp, i] : pptrs_)
      out << pad << "h = h * 1000003ull + (unsigned long long)**" << pp << ";\n";
  }

  std::mt19937_64 rng_;
  int id_;
  int label_ = 0;
  std::vector<Var> vars_;
  std::vector<std::tuple<std::string, std::vector<T>, T>> helpers_;
  // The memory features.
  bool mem_ = false;
  std::vector<Arr> arrs_;
  std::vector<Ptr> ptrs_;
  std::vector<std::pair<std::string, size_t>> pptrs_; ///< `T **pp = &p` (the index of p in ptrs_)
  std::vector<std::string> structCopies_;             ///< struct assignments that may be made
  std::vector<E> extraLv_, extraRo_; ///< in a loop over an array: its element (an lvalue), the counter
  std::vector<std::pair<std::string, int>> counters_; ///< loop counters in scope and their bounds
  int loops_ = 0;                                     ///< loops (for, backward goto) around the statement
  std::vector<std::pair<T, std::string>> arrayHelperNames_;
  std::ostringstream arrayHelpers_;
};

} // namespace

Program generate(uint64_t seed, int id) {
  return Gen(seed, id).run();
}

std::string prelude() {
  // (The string functions of the memory features, as <string.h> declares them: the programs include nothing.)
  std::string s = "void *memset(void *, int, unsigned long);\n"
                  "void *memcpy(void *, const void *, unsigned long);\n"
                  "void *memmove(void *, const void *, unsigned long);\n";
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
