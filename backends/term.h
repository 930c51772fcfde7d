// Solver-independent terms: a hash-consed DAG of sorts and terms owned by a TermManager, printable as
// SMT-LIB 2.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace locus::backends {

/// A sort handle: an index into its TermManager's sort table. Equal handles mean equal sorts.
struct Sort {
  uint32_t id = UINT32_MAX;
  bool isNull() const { return id == UINT32_MAX; }
  friend bool operator==(Sort, Sort) = default;
};

/// A term handle: an index into its TermManager's term table. Structurally equal terms have equal handles.
struct Term {
  uint32_t id = UINT32_MAX;
  bool isNull() const { return id == UINT32_MAX; }
  friend bool operator==(Term, Term) = default;
  friend bool operator<(Term a, Term b) { return a.id < b.id; }
};

struct TermHash {
  size_t operator()(Term t) const { return std::hash<uint32_t>()(t.id); }
};

/// String: SMT-LIB strings (program output is compared as strings); RegLan: regular expressions over them;
/// Float: SMT-LIB's FloatingPoint sorts (IEEE 754 binary formats: Float32 is 8/24, Float64 11/53).
enum class SortKind : uint8_t { Bool, Int, BitVec, Array, String, RegLan, Float };

struct SortData {
  SortKind kind = SortKind::Bool;
  uint32_t width = 0; ///< BitVec: the width; Float: the exponent bits
  Sort index, elem;   ///< Array only
  uint32_t sig = 0;   ///< Float: the significand bits (the hidden bit included)
};

/// SMT-LIB's rounding modes (TermData::p0 of the float operators that round).
enum class RoundingMode : uint8_t { RNE, RNA, RTP, RTN, RTZ };
const char *roundingModeName(RoundingMode m); ///< "RNE", …

/// Term operators. Constants carry their value in TermData::value; Extract/SignExtend/ZeroExtend carry
/// their indices in TermData::p0/p1.
enum class Op : uint8_t {
  // leaves
  BoolConst,  ///< value "true" / "false"
  IntConst,   ///< value: decimal, optionally with a leading '-'
  BvConst,    ///< value: binary digits, most significant first, length == width
  ConstArray, ///< one child: the element every index maps to
  Var,        ///< value: the name
  StrConst,   ///< value: the characters, printable ASCII other than '"' and '\\' only (mkString)
  // boolean
  Not,
  And,
  Or,
  Xor,
  Implies,
  Ite,
  Eq,
  Distinct,
  // integers
  Neg,
  Add,
  Sub,
  Mul,
  IntDiv,
  Mod,
  Lt,
  Le,
  Gt,
  Ge,
  // bit-vectors
  BvNot,
  BvNeg,
  BvAnd,
  BvOr,
  BvXor,
  BvAdd,
  BvSub,
  BvMul,
  BvUdiv,
  BvUrem,
  BvSdiv,
  BvSrem,
  BvShl,
  BvLshr,
  BvAshr,
  BvUlt,
  BvUle,
  BvUgt,
  BvUge,
  BvSlt,
  BvSle,
  BvSgt,
  BvSge,
  Concat,
  Extract,    ///< p0 = high bit, p1 = low bit
  SignExtend, ///< p0 = number of extra bits
  ZeroExtend, ///< p0 = number of extra bits
  // arrays
  Select,
  Store,
  // strings and regular expressions (SMT-LIB's theory of strings; program output)
  StrConcat,   ///< str.++ (two or more)
  StrLen,      ///< str.len
  StrFromInt,  ///< str.from_int: the decimal digits of a non-negative Int ("" for a negative one)
  StrFromCode, ///< str.from_code: the one-character string of a code point in [0, 196607] ("" otherwise)
  StrToRe,     ///< str.to_re
  ReConcat,    ///< re.++ (two or more)
  ReUnion,     ///< re.union (two or more)
  ReStar,      ///< re.*
  RePlus,      ///< re.+
  StrInRe,     ///< str.in_re
  // conversions
  Bv2Nat, ///< bv2nat: a bit-vector read as an unsigned Int
  Int2Bv, ///< (_ int2bv p0): an Int modulo 2^p0 as a bit-vector
  // floating point (SMT-LIB FloatingPoint; the rounding ones carry their RoundingMode in p0)
  FpFromBits,   ///< ((_ to_fp eb sb) bv): the float whose IEEE 754 encoding is bv (p0 = eb, p1 = sb)
  FpToFp,       ///< ((_ to_fp eb sb) RNE f): another float format (the result sort's eb/sb in p0/p1)
  FpFromSbv,    ///< ((_ to_fp eb sb) RNE bv): a signed bit-vector rounded to a float (p0 = eb, p1 = sb)
  FpFromUbv,    ///< ((_ to_fp_unsigned eb sb) RNE bv)
  FpToSbv,      ///< ((_ fp.to_sbv p0) RTZ f): truncated to a signed bit-vector of p0 bits
  FpToUbv,      ///< ((_ fp.to_ubv p0) RTZ f)
  FpNeg,        ///< fp.neg
  FpAbs,        ///< fp.abs
  FpAdd,        ///< (fp.add RNE a b)
  FpSub,        ///< (fp.sub RNE a b)
  FpMul,        ///< (fp.mul RNE a b)
  FpDiv,        ///< (fp.div RNE a b)
  FpSqrt,       ///< (fp.sqrt RNE a)
  FpRoundToInt, ///< (fp.roundToIntegral RM a), RM in p0
  FpEq,         ///< fp.eq (IEEE equality: NaN unequal to all, -0 = +0)
  FpLt,         ///< fp.lt
  FpLeq,        ///< fp.leq
  FpGt,         ///< fp.gt
  FpGeq,        ///< fp.geq
  FpIsNaN,      ///< fp.isNaN
};

/// The SMT-LIB 2 name of an operator ("bvadd", "div", ...); "" for leaves.
const char *opName(Op op);

struct TermData {
  Op op = Op::BoolConst;
  Sort sort;
  uint32_t p0 = 0, p1 = 0;
  std::vector<Term> kids;
  std::string value;
};

/// Owns every sort and term. Terms are immutable and hash-consed: building the same term twice gives the
/// same handle. Constructors check sorts and throw std::invalid_argument on misuse (a bug in the caller).
/// A few cheap rewrites keep formulas small: constant folding of not/and/or/implies/ite, flattening of
/// nested and/or, neutral and absorbing elements, not(not x) = x, eq(x, x) = true, and arithmetic,
/// comparison and bit-vector operators over constants (Int values within 64 bits, bit-vectors of at most 64
/// bits; never a division by a zero Int, whose SMT-LIB value is unspecified).
class TermManager {
public:
  TermManager();

  // sorts
  Sort boolSort() const { return boolSort_; }
  Sort intSort() const { return intSort_; }
  Sort bvSort(uint32_t width);
  Sort arraySort(Sort index, Sort elem);
  Sort stringSort() const { return stringSort_; }
  Sort regLanSort() const { return regLanSort_; }
  /// The FloatingPoint sort of eb exponent and sb significand bits.
  Sort fpSort(uint32_t eb, uint32_t sb);
  const SortData &sortData(Sort s) const { return sorts_.at(s.id); }
  SortKind kind(Sort s) const { return sortData(s).kind; }
  uint32_t width(Sort s) const { return sortData(s).width; }

  // leaves
  Term mkTrue() const { return true_; }
  Term mkFalse() const { return false_; }
  Term mkBool(bool b) const { return b ? true_ : false_; }
  Term mkInt(int64_t v);
  Term mkInt(const std::string &decimal);
  /// The bit-vector of `width` bits holding `v` modulo 2^width (two's complement for negative v).
  Term mkBv(uint32_t width, int64_t v);
  Term mkBvBits(const std::string &bits);
  Term mkConstArray(Sort arraySort, Term elem);
  /// A string constant of any bytes: runs of printable ASCII (but '"' and '\\') are StrConst terms, every
  /// other byte is str.from_code of its value, concatenated (no escapes the solvers could read differently).
  Term mkString(const std::string &bytes);
  /// The variable `name` of sort `s`; the same name always gives the same variable, and reusing a name with
  /// another sort throws.
  Term mkVar(const std::string &name, Sort s);
  /// A variable with a name not used before, starting with `prefix`.
  Term mkFreshVar(const std::string &prefix, Sort s);

  // boolean
  Term mkNot(Term a);
  Term mkAnd(std::vector<Term> args);
  Term mkAnd(Term a, Term b) { return mkAnd(std::vector<Term>{a, b}); }
  Term mkOr(std::vector<Term> args);
  Term mkOr(Term a, Term b) { return mkOr(std::vector<Term>{a, b}); }
  Term mkXor(Term a, Term b);
  Term mkImplies(Term a, Term b);
  Term mkIte(Term c, Term t, Term e);
  Term mkEq(Term a, Term b);
  Term mkDistinct(std::vector<Term> args);

  /// Any arithmetic, bit-vector or array operator by its Op, with sort checking. Use mkExtract /
  /// mkSignExtend / mkZeroExtend for the indexed ones.
  Term mkApp(Op op, std::vector<Term> args);
  Term mkApp(Op op, Term a) { return mkApp(op, std::vector<Term>{a}); }
  Term mkApp(Op op, Term a, Term b) { return mkApp(op, std::vector<Term>{a, b}); }
  Term mkApp(Op op, Term a, Term b, Term c) { return mkApp(op, std::vector<Term>{a, b, c}); }
  Term mkExtract(uint32_t hi, uint32_t lo, Term a);
  /// Floating point: the float of sort s whose IEEE 754 encoding is the bit-vector `bits` (of width eb + sb);
  /// a float operator (FpNeg … FpIsNaN; FpRoundToInt with its rounding mode); a conversion to the float
  /// sort s (FpToFp, FpFromSbv, FpFromUbv) or to a bit-vector of `width` bits (FpToSbv, FpToUbv, rounding
  /// toward zero); an Int modulo 2^width as a bit-vector.
  Term mkFpFromBits(Sort s, Term bits);
  Term mkFp(Op op, std::vector<Term> args, RoundingMode rm = RoundingMode::RNE);
  Term mkFpConvert(Op op, Sort s, Term a);
  Term mkFpToBv(Op op, uint32_t width, Term a);
  Term mkInt2Bv(uint32_t width, Term a);
  Term mkSignExtend(uint32_t extra, Term a);
  Term mkZeroExtend(uint32_t extra, Term a);
  Term mkSelect(Term array, Term index) { return mkApp(Op::Select, array, index); }
  Term mkStore(Term array, Term index, Term v) { return mkApp(Op::Store, array, index, v); }

  // inspection
  const TermData &data(Term t) const { return terms_.at(t.id); }
  Op op(Term t) const { return data(t).op; }
  Sort sort(Term t) const { return data(t).sort; }
  const std::vector<Term> &kids(Term t) const { return data(t).kids; }
  /// Calls visit(t) for `root` and every term below it for which done(t) is false, children before their
  /// parents. visit must make done(t) true (so shared subterms are visited once). Uses an explicit stack, so
  /// deep terms cannot overflow the C++ stack.
  template <typename Done, typename Visit> void postOrder(Term root, Done &&done, Visit &&visit) const {
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [t, ready] = stack.back();
      stack.pop_back();
      if (done(t))
        continue;
      if (ready) {
        visit(t);
        continue;
      }
      stack.push_back({t, true});
      for (Term k : kids(t))
        if (!done(k))
          stack.push_back({k, false});
    }
  }
  bool isBool(Term t) const { return kind(sort(t)) == SortKind::Bool; }
  bool isTrue(Term t) const { return t == true_; }
  bool isFalse(Term t) const { return t == false_; }
  /// A boolean variable or the negation of one.
  bool isLiteral(Term t) const;
  size_t numTerms() const { return terms_.size(); }

  /// The SMT-LIB 2 name of a sort, e.g. "(Array Int (_ BitVec 32))".
  std::string sortToString(Sort s) const;
  /// The term as SMT-LIB 2 text; subterms used more than once are bound with `let`.
  std::string toString(Term t) const;
  void print(std::ostream &os, Term t) const;
  /// The variables occurring in `roots`, in order of first occurrence (post-order).
  std::vector<Term> freeVars(const std::vector<Term> &roots) const;
  /// A name as an SMT-LIB symbol, quoted with |…| when needed.
  static std::string quoteSymbol(const std::string &name);

private:
  Term mkJunction(Op op, std::vector<Term> args); ///< mkAnd / mkOr
  std::optional<Term> foldConstants(Op op, const std::vector<Term> &args);
  struct Key {
    Op op;
    uint32_t sort, p0, p1;
    std::vector<Term> kids;
    std::string value;
    bool operator==(const Key &) const = default;
  };
  struct KeyHash {
    size_t operator()(const Key &k) const;
  };
  Term intern(Op op, Sort s, std::vector<Term> kids, std::string value = {}, uint32_t p0 = 0,
              uint32_t p1 = 0);
  Sort internSort(SortData d);
  void requireSort(Term t, Sort s, const char *what) const;
  void requireKind(Term t, SortKind k, const char *what) const;

  std::vector<SortData> sorts_;
  std::vector<TermData> terms_;
  std::unordered_map<Key, uint32_t, KeyHash> table_;
  std::unordered_map<std::string, Term> vars_;
  uint64_t freshCounter_ = 0;
  Sort boolSort_, intSort_, stringSort_, regLanSort_;
  Term true_, false_;
};

} // namespace locus::backends
