// TermManager: hash-consing, sort checking, light rewriting and SMT-LIB 2 printing of terms.
#include "backends/term.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

namespace locus::backends {

namespace {

[[noreturn]] void bad(const std::string &msg) {
  throw std::invalid_argument("term: " + msg);
}

size_t mix(size_t h, size_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

/// Canonical decimal: no leading zeros, no "-0", optional '-'.
std::string canonicalDecimal(const std::string &s) {
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
    neg = s[i] == '-';
    ++i;
  }
  if (i == s.size())
    bad("empty integer literal '" + s + "'");
  for (size_t j = i; j < s.size(); ++j)
    if (s[j] < '0' || s[j] > '9')
      bad("bad integer literal '" + s + "'");
  while (i + 1 < s.size() && s[i] == '0')
    ++i;
  std::string digits = s.substr(i);
  if (digits == "0")
    return digits;
  return neg ? "-" + digits : digits;
}

bool isSimpleSymbolChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("~!@$%^&*_-+=<>.?/").find(c) != std::string_view::npos;
}

/// The value of an Int constant if it fits in 64 bits.
std::optional<int64_t> intValue(const TermManager &tm, Term t) {
  if (tm.op(t) != Op::IntConst)
    return std::nullopt;
  const std::string &d = tm.data(t).value;
  int64_t v = 0;
  auto [p, ec] = std::from_chars(d.data(), d.data() + d.size(), v);
  if (ec != std::errc() || p != d.data() + d.size())
    return std::nullopt;
  return v;
}

/// The bits of a bit-vector constant of width <= 64, as an unsigned number.
std::optional<uint64_t> bvValue(const TermManager &tm, Term t) {
  if (tm.op(t) != Op::BvConst || tm.data(t).value.size() > 64)
    return std::nullopt;
  uint64_t v = 0;
  for (char c : tm.data(t).value)
    v = (v << 1) | (c == '1');
  return v;
}

} // namespace

/// Evaluates an arithmetic, comparison or bit-vector operator whose operands are all constants (Int values
/// within 64 bits, bit-vectors of at most 64 bits) with SMT-LIB's semantics; nullopt when it cannot (an
/// operand is not constant, a 64-bit overflow, a zero divisor whose SMT-LIB value is unspecified for Int).
std::optional<Term> TermManager::foldConstants(Op op, const std::vector<Term> &args) {
  if (args.empty())
    return std::nullopt;
  if (kind(sort(args[0])) == SortKind::Int) {
    std::vector<int64_t> v;
    for (Term a : args) {
      std::optional<int64_t> x = intValue(*this, a);
      if (!x)
        return std::nullopt;
      v.push_back(*x);
    }
    int64_t r = v[0];
    switch (op) {
    case Op::Neg:
      if (__builtin_sub_overflow(int64_t(0), v[0], &r))
        return std::nullopt;
      return mkInt(r);
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
      for (size_t i = 1; i < v.size(); ++i) {
        bool ovf = op == Op::Add   ? __builtin_add_overflow(r, v[i], &r)
                   : op == Op::Sub ? __builtin_sub_overflow(r, v[i], &r)
                                   : __builtin_mul_overflow(r, v[i], &r);
        if (ovf)
          return std::nullopt;
      }
      return mkInt(r);
    case Op::IntDiv:
    case Op::Mod: {
      if (v[1] == 0 || (v[0] == INT64_MIN && v[1] == -1))
        return std::nullopt;
      // Euclidean: a = b·q + m with 0 <= m < |b|.
      __int128 a = v[0], b = v[1], m = a % b;
      if (m < 0)
        m += b < 0 ? -b : b;
      __int128 q = (a - m) / b;
      return mkInt(static_cast<int64_t>(op == Op::Mod ? m : q));
    }
    case Op::Lt: return mkBool(v[0] < v[1]);
    case Op::Le: return mkBool(v[0] <= v[1]);
    case Op::Gt: return mkBool(v[0] > v[1]);
    case Op::Ge: return mkBool(v[0] >= v[1]);
    default: return std::nullopt;
    }
  }
  if (kind(sort(args[0])) != SortKind::BitVec)
    return std::nullopt;
  uint32_t w = width(sort(args[0]));
  std::vector<uint64_t> v;
  for (Term a : args) {
    std::optional<uint64_t> x = bvValue(*this, a);
    if (!x)
      return std::nullopt;
    v.push_back(*x);
  }
  uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  auto sgn = [&](uint64_t x) { // two's complement value of a w-bit pattern
    return w == 64              ? static_cast<int64_t>(x)
           : (x >> (w - 1)) & 1 ? static_cast<int64_t>(x | ~mask)
                                : static_cast<int64_t>(x);
  };
  auto bv = [&](uint64_t x) {
    std::string bits(w, '0');
    for (uint32_t i = 0; i < w; ++i)
      bits[w - 1 - i] = (x >> i) & 1 ? '1' : '0';
    return mkBvBits(bits);
  };
  uint64_t a = v[0], b = v.size() > 1 ? v[1] : 0;
  switch (op) {
  case Op::BvNot: return bv(~a & mask);
  case Op::BvNeg: return bv((0 - a) & mask);
  case Op::BvAnd: return bv(a & b);
  case Op::BvOr: return bv(a | b);
  case Op::BvXor: return bv(a ^ b);
  case Op::BvAdd: return bv((a + b) & mask);
  case Op::BvSub: return bv((a - b) & mask);
  case Op::BvMul: return bv((a * b) & mask);
  case Op::BvUdiv: return bv(b == 0 ? mask : a / b); // SMT-LIB: x / 0 is all ones
  case Op::BvUrem: return bv(b == 0 ? a : a % b);    // SMT-LIB: x % 0 is x
  case Op::BvSdiv:
  case Op::BvSrem: {
    if (b == 0 || w > 63)
      return std::nullopt;
    int64_t x = sgn(a), y = sgn(b);
    int64_t r = op == Op::BvSdiv ? x / y : x % y; // |x|, |y| < 2^63: no overflow
    return bv(static_cast<uint64_t>(r) & mask);
  }
  case Op::BvShl: return bv(b >= w ? 0 : (a << b) & mask);
  case Op::BvLshr: return bv(b >= w ? 0 : a >> b);
  case Op::BvAshr: {
    int64_t x = sgn(a);
    return bv(static_cast<uint64_t>(b >= w ? (x < 0 ? -1 : 0) : x >> b) & mask);
  }
  case Op::BvUlt: return mkBool(a < b);
  case Op::BvUle: return mkBool(a <= b);
  case Op::BvUgt: return mkBool(a > b);
  case Op::BvUge: return mkBool(a >= b);
  case Op::BvSlt: return mkBool(sgn(a) < sgn(b));
  case Op::BvSle: return mkBool(sgn(a) <= sgn(b));
  case Op::BvSgt: return mkBool(sgn(a) > sgn(b));
  case Op::BvSge: return mkBool(sgn(a) >= sgn(b));
  default: return std::nullopt;
  }
}

namespace {} // namespace

const char *opName(Op op) {
  switch (op) {
  case Op::BoolConst:
  case Op::IntConst:
  case Op::BvConst:
  case Op::ConstArray:
  case Op::StrConst:
  case Op::Var: return "";
  case Op::Not: return "not";
  case Op::And: return "and";
  case Op::Or: return "or";
  case Op::Xor: return "xor";
  case Op::Implies: return "=>";
  case Op::Ite: return "ite";
  case Op::Eq: return "=";
  case Op::Distinct: return "distinct";
  case Op::Neg: return "-";
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::IntDiv: return "div";
  case Op::Mod: return "mod";
  case Op::Lt: return "<";
  case Op::Le: return "<=";
  case Op::Gt: return ">";
  case Op::Ge: return ">=";
  case Op::BvNot: return "bvnot";
  case Op::BvNeg: return "bvneg";
  case Op::BvAnd: return "bvand";
  case Op::BvOr: return "bvor";
  case Op::BvXor: return "bvxor";
  case Op::BvAdd: return "bvadd";
  case Op::BvSub: return "bvsub";
  case Op::BvMul: return "bvmul";
  case Op::BvUdiv: return "bvudiv";
  case Op::BvUrem: return "bvurem";
  case Op::BvSdiv: return "bvsdiv";
  case Op::BvSrem: return "bvsrem";
  case Op::BvShl: return "bvshl";
  case Op::BvLshr: return "bvlshr";
  case Op::BvAshr: return "bvashr";
  case Op::BvUlt: return "bvult";
  case Op::BvUle: return "bvule";
  case Op::BvUgt: return "bvugt";
  case Op::BvUge: return "bvuge";
  case Op::BvSlt: return "bvslt";
  case Op::BvSle: return "bvsle";
  case Op::BvSgt: return "bvsgt";
  case Op::BvSge: return "bvsge";
  case Op::Concat: return "concat";
  case Op::Extract: return "extract";
  case Op::SignExtend: return "sign_extend";
  case Op::ZeroExtend: return "zero_extend";
  case Op::Select: return "select";
  case Op::Store: return "store";
  case Op::StrConcat: return "str.++";
  case Op::StrLen: return "str.len";
  case Op::StrFromInt: return "str.from_int";
  case Op::StrFromCode: return "str.from_code";
  case Op::StrToRe: return "str.to_re";
  case Op::ReConcat: return "re.++";
  case Op::ReUnion: return "re.union";
  case Op::ReStar: return "re.*";
  case Op::RePlus: return "re.+";
  case Op::StrInRe: return "str.in_re";
  case Op::Bv2Nat: return "bv2nat";
  case Op::Int2Bv: return "int2bv";
  case Op::FpFromBits:
  case Op::FpToFp:
  case Op::FpFromSbv: return "to_fp";
  case Op::FpFromUbv: return "to_fp_unsigned";
  case Op::FpToSbv: return "fp.to_sbv";
  case Op::FpToUbv: return "fp.to_ubv";
  case Op::FpNeg: return "fp.neg";
  case Op::FpAbs: return "fp.abs";
  case Op::FpAdd: return "fp.add";
  case Op::FpSub: return "fp.sub";
  case Op::FpMul: return "fp.mul";
  case Op::FpDiv: return "fp.div";
  case Op::FpSqrt: return "fp.sqrt";
  case Op::FpRoundToInt: return "fp.roundToIntegral";
  case Op::FpEq: return "fp.eq";
  case Op::FpLt: return "fp.lt";
  case Op::FpLeq: return "fp.leq";
  case Op::FpGt: return "fp.gt";
  case Op::FpGeq: return "fp.geq";
  case Op::FpIsNaN: return "fp.isNaN";
  }
  return "?";
}

const char *roundingModeName(RoundingMode m) {
  switch (m) {
  case RoundingMode::RNE: return "RNE";
  case RoundingMode::RNA: return "RNA";
  case RoundingMode::RTP: return "RTP";
  case RoundingMode::RTN: return "RTN";
  case RoundingMode::RTZ: return "RTZ";
  }
  return "RNE";
}

size_t TermManager::KeyHash::operator()(const Key &k) const {
  size_t h = mix(static_cast<size_t>(k.op), k.sort);
  h = mix(h, k.p0);
  h = mix(h, k.p1);
  for (Term t : k.kids)
    h = mix(h, t.id);
  return mix(h, std::hash<std::string>()(k.value));
}

TermManager::TermManager() {
  boolSort_ = internSort({SortKind::Bool, 0, {}, {}});
  intSort_ = internSort({SortKind::Int, 0, {}, {}});
  stringSort_ = internSort({SortKind::String, 0, {}, {}});
  regLanSort_ = internSort({SortKind::RegLan, 0, {}, {}});
  true_ = intern(Op::BoolConst, boolSort_, {}, "true");
  false_ = intern(Op::BoolConst, boolSort_, {}, "false");
}

Sort TermManager::internSort(SortData d) {
  for (uint32_t i = 0; i < sorts_.size(); ++i) {
    const SortData &o = sorts_[i];
    if (o.kind == d.kind && o.width == d.width && o.index == d.index && o.elem == d.elem && o.sig == d.sig)
      return Sort{i};
  }
  sorts_.push_back(d);
  return Sort{static_cast<uint32_t>(sorts_.size() - 1)};
}

Sort TermManager::bvSort(uint32_t width) {
  if (width == 0)
    bad("bit-vector width 0");
  return internSort({SortKind::BitVec, width, {}, {}});
}

Sort TermManager::fpSort(uint32_t eb, uint32_t sb) {
  if (eb < 2 || sb < 2)
    bad("floating-point sort with fewer than 2 exponent or significand bits");
  return internSort({SortKind::Float, eb, {}, {}, sb});
}

Sort TermManager::arraySort(Sort index, Sort elem) {
  if (index.id >= sorts_.size() || elem.id >= sorts_.size())
    bad("array sort over a null sort");
  return internSort({SortKind::Array, 0, index, elem});
}

Term TermManager::intern(Op op, Sort s, std::vector<Term> kids, std::string value, uint32_t p0, uint32_t p1) {
  Key key{op, s.id, p0, p1, std::move(kids), std::move(value)};
  auto it = table_.find(key);
  if (it != table_.end())
    return Term{it->second};
  TermData d{op, s, p0, p1, key.kids, key.value};
  terms_.push_back(std::move(d));
  uint32_t id = static_cast<uint32_t>(terms_.size() - 1);
  table_.emplace(std::move(key), id);
  return Term{id};
}

void TermManager::requireSort(Term t, Sort s, const char *what) const {
  if (t.id >= terms_.size())
    bad(std::string(what) + ": null or foreign term");
  if (!(sort(t) == s))
    bad(std::string(what) + ": expected sort " + sortToString(s) + ", got " + sortToString(sort(t)));
}

void TermManager::requireKind(Term t, SortKind k, const char *what) const {
  if (t.id >= terms_.size())
    bad(std::string(what) + ": null or foreign term");
  if (kind(sort(t)) != k)
    bad(std::string(what) + ": operand of wrong sort " + sortToString(sort(t)));
}

Term TermManager::mkInt(int64_t v) {
  return intern(Op::IntConst, intSort_, {}, std::to_string(v));
}

Term TermManager::mkInt(const std::string &decimal) {
  return intern(Op::IntConst, intSort_, {}, canonicalDecimal(decimal));
}

Term TermManager::mkBv(uint32_t width, int64_t v) {
  std::string bits(width, '0');
  uint64_t u = static_cast<uint64_t>(v);
  for (uint32_t i = 0; i < width; ++i) {
    bool bit = i < 64 ? (u >> i) & 1 : v < 0;
    bits[width - 1 - i] = bit ? '1' : '0';
  }
  return mkBvBits(bits);
}

Term TermManager::mkBvBits(const std::string &bits) {
  if (bits.empty() || bits.find_first_not_of("01") != std::string::npos)
    bad("bad bit-vector literal '" + bits + "'");
  return intern(Op::BvConst, bvSort(static_cast<uint32_t>(bits.size())), {}, bits);
}

Term TermManager::mkConstArray(Sort arraySort, Term elem) {
  if (kind(arraySort) != SortKind::Array)
    bad("const array of a non-array sort");
  requireSort(elem, sortData(arraySort).elem, "const array");
  return intern(Op::ConstArray, arraySort, {elem});
}

Term TermManager::mkString(const std::string &bytes) {
  std::vector<Term> parts;
  std::string run;
  auto flush = [&] {
    if (!run.empty())
      parts.push_back(intern(Op::StrConst, stringSort_, {}, run));
    run.clear();
  };
  for (char c : bytes) {
    auto b = static_cast<unsigned char>(c);
    if (b >= 32 && b < 127 && c != '"' && c != '\\') {
      run += c;
      continue;
    }
    flush();
    parts.push_back(intern(Op::StrFromCode, stringSort_, {mkInt(b)}));
  }
  flush();
  if (parts.empty())
    return intern(Op::StrConst, stringSort_, {}, "");
  if (parts.size() == 1)
    return parts[0];
  return intern(Op::StrConcat, stringSort_, std::move(parts));
}

Term TermManager::mkVar(const std::string &name, Sort s) {
  if (name.empty())
    bad("empty variable name");
  if (name.find_first_of("|\\") != std::string::npos)
    bad("variable name with '|' or '\\': " + name);
  auto it = vars_.find(name);
  if (it != vars_.end()) {
    if (!(sort(it->second) == s))
      bad("variable '" + name + "' redeclared with another sort");
    return it->second;
  }
  Term t = intern(Op::Var, s, {}, name);
  vars_.emplace(name, t);
  return t;
}

Term TermManager::mkFreshVar(const std::string &prefix, Sort s) {
  std::string name;
  do
    name = prefix + "!" + std::to_string(freshCounter_++);
  while (vars_.count(name));
  return mkVar(name, s);
}

bool TermManager::isLiteral(Term t) const {
  if (op(t) == Op::Not)
    t = kids(t)[0];
  return op(t) == Op::Var && isBool(t);
}

Term TermManager::mkNot(Term a) {
  requireSort(a, boolSort_, "not");
  if (a == true_)
    return false_;
  if (a == false_)
    return true_;
  if (op(a) == Op::Not)
    return kids(a)[0];
  return intern(Op::Not, boolSort_, {a});
}

Term TermManager::mkAnd(std::vector<Term> args) {
  return mkJunction(Op::And, std::move(args));
}

Term TermManager::mkOr(std::vector<Term> args) {
  return mkJunction(Op::Or, std::move(args));
}

// `and` and `or` are duals: `unit` is the neutral element (true for and), `zero` the absorbing one.
Term TermManager::mkJunction(Op op, std::vector<Term> args) {
  const bool isAnd = op == Op::And;
  const Term unit = isAnd ? true_ : false_, zero = isAnd ? false_ : true_;
  const char *name = isAnd ? "and" : "or";
  std::vector<Term> flat;
  std::unordered_set<uint32_t> seen;
  for (Term a : args) {
    requireSort(a, boolSort_, name);
    if (a == zero)
      return zero;
    if (a == unit || !seen.insert(a.id).second)
      continue;
    if (this->op(a) == op) {
      for (Term k : kids(a))
        if (seen.insert(k.id).second)
          flat.push_back(k);
      continue;
    }
    flat.push_back(a);
  }
  for (Term a : flat)
    if (this->op(a) == Op::Not && seen.count(kids(a)[0].id))
      return zero;
  if (flat.empty())
    return unit;
  if (flat.size() == 1)
    return flat[0];
  return intern(op, boolSort_, std::move(flat));
}

Term TermManager::mkXor(Term a, Term b) {
  requireSort(a, boolSort_, "xor");
  requireSort(b, boolSort_, "xor");
  if (a == false_)
    return b;
  if (b == false_)
    return a;
  if (a == true_)
    return mkNot(b);
  if (b == true_)
    return mkNot(a);
  if (a == b)
    return false_;
  return intern(Op::Xor, boolSort_, {a, b});
}

Term TermManager::mkImplies(Term a, Term b) {
  requireSort(a, boolSort_, "=>");
  requireSort(b, boolSort_, "=>");
  if (a == false_ || b == true_ || a == b)
    return true_;
  if (a == true_)
    return b;
  if (b == false_)
    return mkNot(a);
  return intern(Op::Implies, boolSort_, {a, b});
}

Term TermManager::mkIte(Term c, Term t, Term e) {
  requireSort(c, boolSort_, "ite");
  requireSort(e, sort(t), "ite");
  if (c == true_ || t == e)
    return t;
  if (c == false_)
    return e;
  if (t == true_ && e == false_)
    return c;
  if (t == false_ && e == true_)
    return mkNot(c);
  return intern(Op::Ite, sort(t), {c, t, e});
}

Term TermManager::mkEq(Term a, Term b) {
  requireSort(b, sort(a), "=");
  if (a == b)
    return true_;
  Op oa = op(a), ob = op(b);
  bool ca = oa == Op::BoolConst || oa == Op::IntConst || oa == Op::BvConst || oa == Op::StrConst;
  bool cb = ob == Op::BoolConst || ob == Op::IntConst || ob == Op::BvConst || ob == Op::StrConst;
  if (ca && cb)
    return false_; // distinct hash-consed constants of one sort differ
  if (isBool(a) && (ca || cb))
    return ca ? (a == true_ ? b : mkNot(b)) : (b == true_ ? a : mkNot(a));
  if (b < a)
    std::swap(a, b);
  return intern(Op::Eq, boolSort_, {a, b});
}

Term TermManager::mkDistinct(std::vector<Term> args) {
  if (args.size() < 2)
    return true_;
  for (Term a : args)
    requireSort(a, sort(args[0]), "distinct");
  if (args.size() == 2)
    return mkNot(mkEq(args[0], args[1]));
  return intern(Op::Distinct, boolSort_, std::move(args));
}

Term TermManager::mkApp(Op op, std::vector<Term> args) {
  auto arity = [&](size_t n) {
    if (args.size() != n)
      bad(std::string(opName(op)) + ": expected " + std::to_string(n) + " operands");
  };
  auto allSort = [&](Sort s) {
    for (Term a : args)
      requireSort(a, s, opName(op));
  };
  switch (op) {
  case Op::Not: arity(1); return mkNot(args[0]);
  case Op::And: return mkAnd(std::move(args));
  case Op::Or: return mkOr(std::move(args));
  case Op::Xor: arity(2); return mkXor(args[0], args[1]);
  case Op::Implies: arity(2); return mkImplies(args[0], args[1]);
  case Op::Ite: arity(3); return mkIte(args[0], args[1], args[2]);
  case Op::Eq: arity(2); return mkEq(args[0], args[1]);
  case Op::Distinct: return mkDistinct(std::move(args));
  case Op::Neg:
    arity(1);
    allSort(intSort_);
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, intSort_, std::move(args));
  case Op::Add:
  case Op::Mul:
  case Op::Sub:
    if (args.empty())
      bad(std::string(opName(op)) + ": no operands");
    allSort(intSort_);
    if (args.size() == 1 && op != Op::Sub)
      return args[0];
    if (args.size() == 1)
      return mkApp(Op::Neg, std::move(args));
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, intSort_, std::move(args));
  case Op::IntDiv:
  case Op::Mod:
    arity(2);
    allSort(intSort_);
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, intSort_, std::move(args));
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge:
    arity(2);
    allSort(intSort_);
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, boolSort_, std::move(args));
  case Op::BvNot:
  case Op::BvNeg:
    arity(1);
    requireKind(args[0], SortKind::BitVec, opName(op));
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, Sort(sort(args[0])), std::vector<Term>(args));
  case Op::BvAnd:
  case Op::BvOr:
  case Op::BvXor:
  case Op::BvAdd:
  case Op::BvSub:
  case Op::BvMul:
  case Op::BvUdiv:
  case Op::BvUrem:
  case Op::BvSdiv:
  case Op::BvSrem:
  case Op::BvShl:
  case Op::BvLshr:
  case Op::BvAshr:
    arity(2);
    requireKind(args[0], SortKind::BitVec, opName(op));
    allSort(sort(args[0]));
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, Sort(sort(args[0])), std::vector<Term>(args));
  case Op::BvUlt:
  case Op::BvUle:
  case Op::BvUgt:
  case Op::BvUge:
  case Op::BvSlt:
  case Op::BvSle:
  case Op::BvSgt:
  case Op::BvSge:
    arity(2);
    requireKind(args[0], SortKind::BitVec, opName(op));
    allSort(sort(args[0]));
    if (std::optional<Term> c = foldConstants(op, args))
      return *c;
    return intern(op, boolSort_, std::move(args));
  case Op::Concat: {
    arity(2);
    requireKind(args[0], SortKind::BitVec, "concat");
    requireKind(args[1], SortKind::BitVec, "concat");
    Sort s = bvSort(width(sort(args[0])) + width(sort(args[1])));
    return intern(op, s, std::move(args));
  }
  case Op::Select: {
    arity(2);
    requireKind(args[0], SortKind::Array, "select");
    const SortData &d = sortData(sort(args[0]));
    requireSort(args[1], d.index, "select");
    return intern(op, d.elem, std::move(args));
  }
  case Op::Store: {
    arity(3);
    requireKind(args[0], SortKind::Array, "store");
    const SortData &d = sortData(sort(args[0]));
    requireSort(args[1], d.index, "store");
    requireSort(args[2], d.elem, "store");
    return intern(op, Sort(sort(args[0])), std::vector<Term>(args));
  }
  case Op::StrConcat:
  case Op::ReConcat:
  case Op::ReUnion: {
    if (args.size() < 2)
      bad(std::string(opName(op)) + ": expected two or more operands");
    Sort s = op == Op::StrConcat ? stringSort_ : regLanSort_;
    allSort(s);
    return intern(op, s, std::move(args));
  }
  case Op::StrLen:
    arity(1);
    allSort(stringSort_);
    return intern(op, intSort_, std::move(args));
  case Op::StrFromInt:
  case Op::StrFromCode:
    arity(1);
    allSort(intSort_);
    return intern(op, stringSort_, std::move(args));
  case Op::StrToRe:
    arity(1);
    allSort(stringSort_);
    return intern(op, regLanSort_, std::move(args));
  case Op::ReStar:
  case Op::RePlus:
    arity(1);
    allSort(regLanSort_);
    return intern(op, regLanSort_, std::move(args));
  case Op::StrInRe:
    arity(2);
    requireSort(args[0], stringSort_, "str.in_re");
    requireSort(args[1], regLanSort_, "str.in_re");
    return intern(op, boolSort_, std::move(args));
  case Op::Bv2Nat:
    arity(1);
    requireKind(args[0], SortKind::BitVec, "bv2nat");
    return intern(op, intSort_, std::move(args));
  case Op::FpNeg:
  case Op::FpAbs:
  case Op::FpAdd:
  case Op::FpSub:
  case Op::FpMul:
  case Op::FpDiv:
  case Op::FpSqrt:
  case Op::FpRoundToInt:
  case Op::FpEq:
  case Op::FpLt:
  case Op::FpLeq:
  case Op::FpGt:
  case Op::FpGeq:
  case Op::FpIsNaN: return mkFp(op, std::move(args));
  case Op::Int2Bv:
  case Op::FpFromBits:
  case Op::FpToFp:
  case Op::FpFromSbv:
  case Op::FpFromUbv:
  case Op::FpToSbv:
  case Op::FpToUbv:
  case Op::Extract:
  case Op::SignExtend:
  case Op::ZeroExtend:
  case Op::BoolConst:
  case Op::IntConst:
  case Op::BvConst:
  case Op::ConstArray:
  case Op::StrConst:
  case Op::Var: break;
  }
  bad(std::string("mkApp cannot build operator '") + opName(op) + "'");
}

Term TermManager::mkExtract(uint32_t hi, uint32_t lo, Term a) {
  requireKind(a, SortKind::BitVec, "extract");
  if (hi < lo || hi >= width(sort(a)))
    bad("extract indices out of range");
  if (op(a) == Op::BvConst) { // the bits hi..lo of a constant (value: most significant first)
    const std::string &bits = data(a).value;
    return mkBvBits(bits.substr(bits.size() - 1 - hi, hi - lo + 1));
  }
  return intern(Op::Extract, bvSort(hi - lo + 1), {a}, {}, hi, lo);
}

Term TermManager::mkSignExtend(uint32_t extra, Term a) {
  requireKind(a, SortKind::BitVec, "sign_extend");
  if (extra == 0)
    return a;
  if (op(a) == Op::BvConst) {
    const std::string &bits = data(a).value;
    return mkBvBits(std::string(extra, bits[0]) + bits);
  }
  return intern(Op::SignExtend, bvSort(width(sort(a)) + extra), {a}, {}, extra);
}

Term TermManager::mkZeroExtend(uint32_t extra, Term a) {
  requireKind(a, SortKind::BitVec, "zero_extend");
  if (extra == 0)
    return a;
  if (op(a) == Op::BvConst)
    return mkBvBits(std::string(extra, '0') + data(a).value);
  return intern(Op::ZeroExtend, bvSort(width(sort(a)) + extra), {a}, {}, extra);
}

Term TermManager::mkFpFromBits(Sort s, Term bits) {
  if (kind(s) != SortKind::Float)
    bad("to_fp of a non-float sort");
  requireKind(bits, SortKind::BitVec, "to_fp");
  const SortData &d = sortData(s);
  if (width(sort(bits)) != d.width + d.sig)
    bad("to_fp: the bit-vector's width is not eb + sb");
  return intern(Op::FpFromBits, s, {bits}, {}, d.width, d.sig);
}

Term TermManager::mkFp(Op op, std::vector<Term> args, RoundingMode rm) {
  size_t n =
      op == Op::FpNeg || op == Op::FpAbs || op == Op::FpSqrt || op == Op::FpRoundToInt || op == Op::FpIsNaN
          ? 1
          : 2;
  if (args.size() != n)
    bad(std::string(opName(op)) + ": expected " + std::to_string(n) + " operands");
  requireKind(args[0], SortKind::Float, opName(op));
  for (Term a : args)
    requireSort(a, sort(args[0]), opName(op));
  bool pred = op == Op::FpEq || op == Op::FpLt || op == Op::FpLeq || op == Op::FpGt || op == Op::FpGeq ||
              op == Op::FpIsNaN;
  bool rounds = op == Op::FpAdd || op == Op::FpSub || op == Op::FpMul || op == Op::FpDiv ||
                op == Op::FpSqrt || op == Op::FpRoundToInt;
  Sort s = pred ? boolSort_ : sort(args[0]);
  return intern(op, s, std::move(args), {}, rounds ? static_cast<uint32_t>(rm) : 0);
}

Term TermManager::mkFpConvert(Op op, Sort s, Term a) {
  if (kind(s) != SortKind::Float)
    bad("to_fp to a non-float sort");
  if (op == Op::FpToFp)
    requireKind(a, SortKind::Float, "to_fp");
  else if (op == Op::FpFromSbv || op == Op::FpFromUbv)
    requireKind(a, SortKind::BitVec, "to_fp");
  else
    bad("mkFpConvert: not a conversion to a float");
  if (op == Op::FpToFp && sort(a) == s)
    return a;
  return intern(op, s, {a}, {}, sortData(s).width, sortData(s).sig);
}

Term TermManager::mkFpToBv(Op op, uint32_t w, Term a) {
  if (op != Op::FpToSbv && op != Op::FpToUbv)
    bad("mkFpToBv: not a conversion to a bit-vector");
  requireKind(a, SortKind::Float, opName(op));
  return intern(op, bvSort(w), {a}, {}, w);
}

Term TermManager::mkInt2Bv(uint32_t w, Term a) {
  requireSort(a, intSort_, "int2bv");
  if (std::optional<int64_t> v = intValue(*this, a); v && w <= 64)
    return mkBv(w, *v);
  return intern(Op::Int2Bv, bvSort(w), {a}, {}, w);
}

std::string TermManager::sortToString(Sort s) const {
  if (s.id >= sorts_.size())
    return "<null sort>";
  const SortData &d = sortData(s);
  switch (d.kind) {
  case SortKind::Bool: return "Bool";
  case SortKind::Int: return "Int";
  case SortKind::BitVec: return "(_ BitVec " + std::to_string(d.width) + ")";
  case SortKind::Array: return "(Array " + sortToString(d.index) + " " + sortToString(d.elem) + ")";
  case SortKind::String: return "String";
  case SortKind::RegLan: return "RegLan";
  case SortKind::Float:
    return "(_ FloatingPoint " + std::to_string(d.width) + " " + std::to_string(d.sig) + ")";
  }
  return "?";
}

std::string TermManager::quoteSymbol(const std::string &name) {
  bool simple = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name)
    simple = simple && isSimpleSymbolChar(c);
  return simple ? name : "|" + name + "|";
}

std::vector<Term> TermManager::freeVars(const std::vector<Term> &roots) const {
  std::vector<Term> out;
  std::unordered_set<uint32_t> seen;
  std::vector<Term> stack(roots.rbegin(), roots.rend());
  while (!stack.empty()) {
    Term t = stack.back();
    stack.pop_back();
    if (!seen.insert(t.id).second)
      continue;
    if (op(t) == Op::Var)
      out.push_back(t);
    const auto &ks = kids(t);
    for (auto it = ks.rbegin(); it != ks.rend(); ++it)
      stack.push_back(*it);
  }
  return out;
}

void TermManager::print(std::ostream &os, Term root) const {
  if (root.id >= terms_.size()) {
    os << "<null term>";
    return;
  }
  // Post-order over the DAG with an explicit stack; count how often each node is referenced.
  std::unordered_map<uint32_t, uint32_t> refs;
  std::vector<Term> order;
  {
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    std::unordered_set<uint32_t> done;
    while (!stack.empty()) {
      auto [t, expanded] = stack.back();
      stack.pop_back();
      if (expanded) {
        order.push_back(t);
        continue;
      }
      if (done.count(t.id))
        continue;
      done.insert(t.id);
      stack.push_back({t, true});
      for (Term k : kids(t)) {
        ++refs[k.id];
        if (!done.count(k.id))
          stack.push_back({k, false});
      }
    }
  }
  auto isLeaf = [&](Term t) { return kids(t).empty(); };
  std::unordered_map<uint32_t, std::string> text;
  std::unordered_map<uint32_t, uint32_t> depLevel; // highest let level a term's text refers to
  std::vector<std::vector<std::pair<std::string, std::string>>> levels;
  uint32_t letCounter = 0;
  for (Term t : order) {
    const TermData &d = data(t);
    std::string s;
    uint32_t dep = 0;
    for (Term k : d.kids)
      dep = std::max(dep, depLevel[k.id]);
    auto kidText = [&](std::string &out) {
      for (Term k : d.kids) {
        out += ' ';
        out += text[k.id];
      }
    };
    switch (d.op) {
    case Op::BoolConst: s = d.value; break;
    case Op::IntConst: s = d.value[0] == '-' ? "(- " + d.value.substr(1) + ")" : d.value; break;
    case Op::BvConst: s = "#b" + d.value; break;
    case Op::StrConst: s = "\"" + d.value + "\""; break;
    case Op::Var: s = quoteSymbol(d.value); break;
    case Op::ConstArray: s = "((as const " + sortToString(d.sort) + ") " + text[d.kids[0].id] + ")"; break;
    case Op::Extract:
      s = "((_ extract " + std::to_string(d.p0) + " " + std::to_string(d.p1) + ")";
      kidText(s);
      s += ")";
      break;
    case Op::SignExtend:
    case Op::ZeroExtend:
    case Op::Int2Bv:
      s = std::string("((_ ") + opName(d.op) + " " + std::to_string(d.p0) + ")";
      kidText(s);
      s += ")";
      break;
    case Op::FpFromBits:
      s = "((_ to_fp " + std::to_string(d.p0) + " " + std::to_string(d.p1) + ")";
      kidText(s);
      s += ")";
      break;
    case Op::FpToFp:
    case Op::FpFromSbv:
    case Op::FpFromUbv:
      s = std::string("((_ ") + opName(d.op) + " " + std::to_string(d.p0) + " " + std::to_string(d.p1) +
          ") RNE";
      kidText(s);
      s += ")";
      break;
    case Op::FpToSbv:
    case Op::FpToUbv:
      s = std::string("((_ ") + opName(d.op) + " " + std::to_string(d.p0) + ") RTZ";
      kidText(s);
      s += ")";
      break;
    case Op::FpAdd:
    case Op::FpSub:
    case Op::FpMul:
    case Op::FpDiv:
    case Op::FpSqrt:
    case Op::FpRoundToInt:
      s = std::string("(") + opName(d.op) + " " + roundingModeName(static_cast<RoundingMode>(d.p0));
      kidText(s);
      s += ")";
      break;
    default:
      s = std::string("(") + opName(d.op);
      kidText(s);
      s += ")";
    }
    if (!isLeaf(t) && refs[t.id] > 1 && !(t == root)) {
      uint32_t level = dep + 1;
      if (levels.size() < level)
        levels.resize(level);
      std::string name = "_let_" + std::to_string(letCounter++);
      levels[level - 1].push_back({name, std::move(s)});
      text[t.id] = name;
      depLevel[t.id] = level;
    } else {
      text[t.id] = std::move(s);
      depLevel[t.id] = dep;
    }
  }
  for (const auto &group : levels) {
    os << "(let (";
    for (size_t i = 0; i < group.size(); ++i)
      os << (i ? " (" : "(") << group[i].first << ' ' << group[i].second << ')';
    os << ") ";
  }
  os << text[root.id];
  for (size_t i = 0; i < levels.size(); ++i)
    os << ')';
}

std::string TermManager::toString(Term t) const {
  std::ostringstream os;
  print(os, t);
  return os.str();
}

} // namespace locus::backends
