// Translation of IR types, values and pure expressions into terms (math ints as SMT Int, bit-vector mode
// with each type at its width), following the integer semantics of ir/ints.h.
#include "backends/encoder/exprs.h"

#include "ir/floats.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace locus::encoder {

using backends::Op;
using backends::Sort;
using ir::BigInt;

ExprEncoder::ExprEncoder(backends::TermManager &tm, ir::IntMode ints)
    : tm_(tm), ints_(ints), bv_(ints == ir::IntMode::BV32) {}

Sort ExprEncoder::sortOf(ir::Type t) const {
  switch (t.kind) {
  case ir::Type::Int: return bv_ ? tm_.bvSort(ir::widthOf(t, ints_)) : tm_.intSort();
  case ir::Type::Bool: return tm_.boolSort();
  case ir::Type::Float: return t.bits == 32 ? tm_.fpSort(8, 24) : tm_.fpSort(11, 53);
  default: return tm_.intSort();
  }
}

Term ExprEncoder::floatConst(uint64_t bits, ir::Type t) const {
  return tm_.mkFpFromBits(sortOf(t), tm_.mkBv(t.bits, static_cast<int64_t>(bits)));
}

namespace {
/// The w low bits of v, most significant first (two's complement).
std::string bitString(const BigInt &v, unsigned w) {
  std::string bits(w, '0');
  for (unsigned i = 0; i < w; ++i)
    bits[w - 1 - i] = v.testBit(i) ? '1' : '0';
  return bits;
}
} // namespace

Term ExprEncoder::intConst(const BigInt &v, ir::Type t) const {
  if (bv_)
    return tm_.mkBvBits(bitString(v, ir::widthOf(t, ints_)));
  return intLit(v);
}

Term ExprEncoder::defaultTerm(ir::Type t) const {
  switch (t.kind) {
  case ir::Type::Bool: return tm_.mkFalse();
  case ir::Type::Int: return intConst(BigInt(0), t);
  case ir::Type::Float: return floatConst(0, t);
  default: return tm_.mkInt(0);
  }
}

Term ExprEncoder::valueTerm(const ir::Value &v, ir::Type t) const {
  switch (t.kind) {
  case ir::Type::Int: return intConst(ir::convertTo(v.i, t, ints_), t);
  case ir::Type::Float: return floatConst(ir::floatBits(v.i, t), t);
  case ir::Type::Bool: return tm_.mkBool(!v.i.isZero());
  default: return tm_.mkInt(static_cast<int64_t>(v.node));
  }
}

InputDomain ExprEncoder::inputDomain(Term v, ir::Type t) const {
  if (t.kind != ir::Type::Int)
    return {};
  unsigned w = ir::widthOf(t, ints_);
  bool sig = !t.isUnsigned();
  // [lo, hi] intersected with the type's range: a constraint only where it cuts the range (null if none).
  auto within = [&](const BigInt &lo, const BigInt &hi) -> Term {
    bool bounded = w != 0;
    BigInt tlo = !bounded ? BigInt(0) : sig ? -BigInt::pow2(w - 1) : BigInt(0);
    BigInt thi = !bounded ? BigInt(0) : sig ? BigInt::pow2(w - 1) - 1 : BigInt::pow2(w) - 1;
    std::vector<Term> cs;
    if (!bounded || tlo < lo)
      cs.push_back(tm_.mkApp(!bv_ ? Op::Ge : Op::BvSge, v, bv_ ? intConst(lo, t) : intLit(lo)));
    if (!bounded || thi > hi)
      cs.push_back(tm_.mkApp(!bv_  ? Op::Le
                             : sig ? Op::BvSle
                                   : Op::BvUle,
                             v, bv_ ? intConst(hi, t) : intLit(hi)));
    return cs.empty() ? Term{} : tm_.mkAnd(cs);
  };
  InputDomain d;
  if (!bv_ && t.isFixedInt()) // math mode: a fixed-width input is a value of its type (bit-vectors are)
    d.always =
        tm_.mkAnd(tm_.mkApp(Op::Ge, v, intLit(ir::minOf(t))), tm_.mkApp(Op::Le, v, intLit(ir::maxOf(t))));
  d.small = within(BigInt(INT32_MIN), BigInt(INT32_MAX));
  d.tiny = within(BigInt(-100), BigInt(100));
  return d;
}

Term ExprEncoder::expr(const ir::Expr &e, const VarLookup &var, Term reach, std::vector<Term> &dz) const {
  switch (e.kind) {
  case ir::Expr::IntLit: return intConst(ir::convertTo(e.value, e.type, ints_), e.type);
  case ir::Expr::FloatLit: return floatConst(ir::floatBits(e.value, e.type), e.type);
  case ir::Expr::BoolLit: return tm_.mkBool(!e.value.isZero());
  case ir::Expr::NullLit: return tm_.mkInt(0);
  case ir::Expr::VarUse: return var(e.var);
  case ir::Expr::Unary: {
    Term a = expr(e.args.at(0), var, reach, dz);
    if (e.op == ir::Op::Not)
      return tm_.mkNot(a);
    if (e.op == ir::Op::Cast && (e.type.isFloat() || e.args[0].type.isFloat()))
      return floatCast(a, e.args[0].type, e.type, reach);
    if (e.op == ir::Op::Cast)
      return convert(a, e.args[0].type, e.type);
    return unaryTerm(e, a);
  }
  case ir::Expr::Binary: break;
  }
  Term a = expr(e.args.at(0), var, reach, dz);
  switch (e.op) {
  case ir::Op::And: return tm_.mkAnd(a, expr(e.args.at(1), var, tm_.mkAnd(reach, a), dz));
  case ir::Op::Or: return tm_.mkOr(a, expr(e.args.at(1), var, tm_.mkAnd(reach, tm_.mkNot(a)), dz));
  case ir::Op::Implies: return tm_.mkImplies(a, expr(e.args.at(1), var, tm_.mkAnd(reach, a), dz));
  default: break;
  }
  Term b = expr(e.args.at(1), var, reach, dz);
  return binaryTerm(e, a, b, reach, dz);
}

Term ExprEncoder::normalize(Term v, ir::Type t) const {
  if (!t.isUnsigned())
    return v; // math mode: signed arithmetic is mathematical
  return tm_.mkApp(Op::Mod, v, intLit(BigInt::pow2(t.bits)));
}

Term ExprEncoder::wrapInt(Term a, unsigned w, bool isSigned) const {
  if (auto it = sums_.find(a.id); it != sums_.end() && it->second.first.size() >= w) {
    // a is a sum of bits already: read its low w bits (solvers do far better on this than on a mod).
    std::vector<Term> low(it->second.first.begin(), it->second.first.begin() + w);
    return fromBits(low, isSigned);
  }
  // SMT mod by a positive constant is Euclidean: in [0, 2^w).
  Term r;
  if (!isSigned) {
    r = tm_.mkApp(Op::Mod, a, intLit(BigInt::pow2(w)));
  } else {
    BigInt half = BigInt::pow2(w - 1);
    r = tm_.mkApp(Op::Sub, tm_.mkApp(Op::Mod, tm_.mkApp(Op::Add, a, intLit(half)), intLit(BigInt::pow2(w))),
                  intLit(half));
  }
  // Remember what r wraps (bitsOf reads a wrapped term's low bits off the term it wraps), unless the terms
  // folded to a constant: bitsOf reads a constant's bits directly, and a constant already in range folds to
  // itself, which would make r its own source.
  if (tm_.op(r) != Op::IntConst && r.id != a.id)
    wraps_.emplace(r.id, std::make_pair(a, w));
  return r;
}

Term ExprEncoder::convert(Term a, ir::Type from, ir::Type to) const {
  if (ir::rangeContains(to, from, ints_))
    return bv_ && ir::widthOf(to, ints_) != ir::widthOf(from, ints_)
               ? (from.isUnsigned() ? tm_.mkZeroExtend(ir::widthOf(to, ints_) - ir::widthOf(from, ints_), a)
                                    : tm_.mkSignExtend(ir::widthOf(to, ints_) - ir::widthOf(from, ints_), a))
               : a;
  unsigned wt = ir::widthOf(to, ints_);
  if (!bv_)
    return wrapInt(a, wt, !to.isUnsigned());
  unsigned wf = ir::widthOf(from, ints_);
  if (wt < wf)
    return tm_.mkExtract(wt - 1, 0, a);
  if (wt > wf) // from signed to a wider unsigned type: sign-extend, read as unsigned (as C does)
    return from.isUnsigned() ? tm_.mkZeroExtend(wt - wf, a) : tm_.mkSignExtend(wt - wf, a);
  return a; // same width, other signedness: the same bits
}

const std::vector<Term> &ExprEncoder::bitsOf(Term a, unsigned w, bool inRange) const {
  auto key = std::make_pair(a.id, w);
  if (auto it = bits_.find(key); it != bits_.end())
    return it->second;
  std::vector<Term> bits;
  if (auto sum = sums_.find(a.id); sum != sums_.end()) {
    // A sum of bits: those bits, extended with its sign bit (or zeros) to w.
    const auto &[sb, sig] = sum->second;
    for (unsigned i = 0; i < w; ++i)
      bits.push_back(i < sb.size() ? sb[i] : sig ? sb.back() : intLit(BigInt(0)));
  } else if (auto wr = wraps_.find(a.id); wr != wraps_.end() && wr->second.second >= w) {
    bits = bitsOf(wr->second.first, w, false); // the low bits of a wrapped term are the term's
  } else if (tm_.op(a) == Op::IntConst) {
    BigInt v = *BigInt::parse(tm_.data(a).value);
    for (unsigned i = 0; i < w; ++i)
      bits.push_back(intLit(BigInt(v.testBit(i) ? 1 : 0)));
  } else {
    // a = Σ 2ⁱ·bᵢ + 2ʷ·q with integer bits 0 ≤ bᵢ ≤ 1 (linear with explicit bounds: solvers handle this far
    // better than sums of ite terms): the bᵢ are a mod 2^w; q is needed only when a may lie outside [0, 2^w).
    std::vector<Term> sum;
    for (unsigned i = 0; i < w; ++i) {
      bits.push_back(tm_.mkFreshVar("bit" + std::to_string(i), tm_.intSort()));
      defs_.push_back(tm_.mkAnd(tm_.mkApp(Op::Ge, bits.back(), intLit(BigInt(0))),
                                tm_.mkApp(Op::Le, bits.back(), intLit(BigInt(1)))));
      sum.push_back(tm_.mkApp(Op::Mul, intLit(BigInt::pow2(i)), bits.back()));
    }
    if (!inRange)
      sum.push_back(tm_.mkApp(Op::Mul, intLit(BigInt::pow2(w)), tm_.mkFreshVar("bitq", tm_.intSort())));
    defs_.push_back(tm_.mkEq(a, tm_.mkApp(Op::Add, sum)));
  }
  return bits_.emplace(key, std::move(bits)).first->second;
}

Term ExprEncoder::bitOp(ir::Op op, Term x, Term y) const {
  // Bits are Int terms in {0, 1}; constants fold.
  Term zero = intLit(BigInt(0)), one = intLit(BigInt(1));
  bool xc = tm_.op(x) == Op::IntConst, yc = tm_.op(y) == Op::IntConst;
  if (xc && !yc)
    std::swap(x, y), std::swap(xc, yc);
  if (yc) {
    bool yv = tm_.data(y).value == "1";
    if (xc) {
      bool xv = tm_.data(x).value == "1";
      bool r = op == ir::Op::BitAnd ? xv && yv : op == ir::Op::BitOr ? xv || yv : xv != yv;
      return r ? one : zero;
    }
    if (op == ir::Op::BitAnd)
      return yv ? x : zero;
    if (op == ir::Op::BitOr)
      return yv ? one : x;
    return yv ? tm_.mkApp(Op::Sub, one, x) : x;
  }
  if (x == y)
    return op == ir::Op::BitXor ? zero : x;
  // x ∧ y as a fresh 0/1 variable r with r ≤ x, r ≤ y, r ≥ x + y - 1 (linear, the usual integer-programming
  // form); x ∨ y = x + y - r, x ⊕ y = x + y - 2r.
  if (x.id > y.id)
    std::swap(x, y);
  auto [it, fresh] = ands_.emplace(std::make_pair(x.id, y.id), Term{});
  if (fresh) {
    it->second = tm_.mkFreshVar("bitand", tm_.intSort());
    Term r = it->second;
    defs_.push_back(tm_.mkAnd({tm_.mkApp(Op::Ge, r, zero), tm_.mkApp(Op::Le, r, x), tm_.mkApp(Op::Le, r, y),
                               tm_.mkApp(Op::Ge, r, tm_.mkApp(Op::Sub, tm_.mkApp(Op::Add, x, y), one))}));
  }
  Term r = it->second;
  if (op == ir::Op::BitAnd)
    return r;
  if (op == ir::Op::BitOr)
    return tm_.mkApp(Op::Sub, tm_.mkApp(Op::Add, x, y), r);
  return tm_.mkApp(Op::Sub, tm_.mkApp(Op::Add, x, y), tm_.mkApp(Op::Mul, intLit(BigInt(2)), r));
}

Term ExprEncoder::fromBits(const std::vector<Term> &bits, bool isSigned) const {
  std::vector<Term> sum;
  unsigned w = static_cast<unsigned>(bits.size());
  for (unsigned i = 0; i < w; ++i) {
    BigInt weight = BigInt::pow2(i);
    if (isSigned && i == w - 1)
      weight = -weight;
    if (tm_.op(bits[i]) == Op::IntConst) {
      if (tm_.data(bits[i]).value == "1")
        sum.push_back(intLit(weight));
      continue;
    }
    sum.push_back(tm_.mkApp(Op::Mul, intLit(weight), bits[i]));
  }
  if (sum.empty())
    sum.push_back(intLit(BigInt(0)));
  Term r = tm_.mkApp(Op::Add, sum);
  sums_.emplace(r.id, std::make_pair(bits, isSigned));
  return r;
}

Term ExprEncoder::bitOpConst(ir::Op op, ir::Type t, Term x, const BigInt &c) const {
  // x = H + L with L = x mod 2^m, where above bit m the constant's bits are all equal (Hc: 0 or all ones):
  // only L's m bits need a decomposition, the high part follows from Hc alone.
  bool uns = t.isUnsigned();
  bool hcOnes = c.isNegative();
  unsigned m = hcOnes ? (-c - 1).bitLength() : c.bitLength();
  BigInt lc = c.wrap(m == 0 ? 1 : m, false);
  Term X = uns ? x : wrapInt(x, t.bits, true); // the operand's w-bit representation
  if (m == 0) {                                // c is 0 or -1
    bool keep = (op == ir::Op::BitAnd) == hcOnes || (op != ir::Op::BitAnd && !hcOnes);
    if (op == ir::Op::BitXor && hcOnes)
      return normalize(tm_.mkApp(Op::Sub, tm_.mkApp(Op::Neg, X), intLit(BigInt(1))), t);
    if (keep)
      return X;
    return intLit(op == ir::Op::BitAnd ? BigInt(0) : BigInt(-1).wrap(t.bits, !uns));
  }
  Term L = uns && m >= t.bits ? x : tm_.mkApp(Op::Mod, x, intLit(BigInt::pow2(m)));
  Term Lr;
  if (op == ir::Op::BitAnd && lc == BigInt::pow2(m) - 1) {
    Lr = L; // a mask of the low m bits
  } else {
    const std::vector<Term> &bits = bitsOf(L, m, true);
    std::vector<Term> r;
    for (unsigned i = 0; i < m; ++i) {
      r.push_back(bitOp(op, bits[i], intLit(BigInt(lc.testBit(i) ? 1 : 0))));
    }
    Lr = fromBits(r, false);
  }
  Term H = tm_.mkApp(Op::Sub, X, L);
  Term twoM = intLit(BigInt::pow2(m));
  switch (op) {
  case ir::Op::BitAnd: return hcOnes ? tm_.mkApp(Op::Add, H, Lr) : Lr;
  case ir::Op::BitOr: return hcOnes ? tm_.mkApp(Op::Sub, Lr, twoM) : tm_.mkApp(Op::Add, H, Lr);
  default: // BitXor
    return hcOnes ? tm_.mkApp(Op::Add, tm_.mkApp(Op::Sub, tm_.mkApp(Op::Neg, H), twoM), Lr)
                  : tm_.mkApp(Op::Add, H, Lr);
  }
}

Term ExprEncoder::floatCast(Term a, ir::Type from, ir::Type to, Term reach) const {
  using backends::RoundingMode;
  if (from.isFloat() && to.isFloat())
    return tm_.mkFpConvert(Op::FpToFp, sortOf(to), a);
  if (to.isFloat()) { // from a fixed-width int: its value modulo 2^width (ir/floats.h)
    Term bits = a;
    if (!bv_) { // math mode: the bits of the decomposition a = Σ 2ⁱ·bᵢ + 2ʷ·q (solvers do better than int2bv)
      const std::vector<Term> &b = bitsOf(a, from.bits, false);
      bits = Term{};
      for (unsigned i = from.bits; i-- > 0;) {
        Term bit = tm_.mkIte(tm_.mkEq(b[i], intLit(BigInt(1))), tm_.mkBv(1, 1), tm_.mkBv(1, 0));
        bits = bits.isNull() ? bit : tm_.mkApp(Op::Concat, bits, bit);
      }
    }
    return tm_.mkFpConvert(from.isUnsigned() ? Op::FpFromUbv : Op::FpFromSbv, sortOf(to), bits);
  }
  // float → a fixed-width int: defined when the truncated value is one of `to` (checked exactly in the float
  // format: the bounds are powers of two, which every float format here holds)
  Term t = tm_.mkFp(Op::FpRoundToInt, {a}, RoundingMode::RTZ);
  auto pow2 = [&](unsigned k) {
    return floatConst(ir::bitsOf(std::ldexp(1.0, static_cast<int>(k)), from), from);
  };
  Term lo = to.isUnsigned() ? floatConst(0, from) : tm_.mkFp(Op::FpNeg, {pow2(to.bits - 1u)});
  Term hi = pow2(to.isUnsigned() ? to.bits : to.bits - 1u);
  Term ok = tm_.mkAnd(tm_.mkFp(Op::FpGeq, {t, lo}), tm_.mkFp(Op::FpLt, {t, hi})); // false for NaN
  rangeFails_.push_back(tm_.mkAnd(reach, tm_.mkNot(ok)));
  Term v = tm_.mkFpToBv(to.isUnsigned() ? Op::FpToUbv : Op::FpToSbv, to.bits, a);
  if (bv_)
    return ir::widthOf(to, ints_) == to.bits ? v : tm_.mkExtract(ir::widthOf(to, ints_) - 1, 0, v);
  Term n = tm_.mkApp(Op::Bv2Nat, v);
  if (to.isUnsigned())
    return n;
  Term neg = tm_.mkEq(tm_.mkExtract(to.bits - 1u, to.bits - 1u, v), tm_.mkBv(1, 1));
  return tm_.mkIte(neg, tm_.mkApp(Op::Sub, n, intLit(BigInt::pow2(to.bits))), n);
}

Term ExprEncoder::floatBinary(ir::Op op, Term a, Term b) const {
  switch (op) {
  case ir::Op::Eq: return tm_.mkFp(Op::FpEq, {a, b});
  case ir::Op::Ne: return tm_.mkNot(tm_.mkFp(Op::FpEq, {a, b}));
  case ir::Op::Lt: return tm_.mkFp(Op::FpLt, {a, b});
  case ir::Op::Le: return tm_.mkFp(Op::FpLeq, {a, b});
  case ir::Op::Gt: return tm_.mkFp(Op::FpGt, {a, b});
  case ir::Op::Ge: return tm_.mkFp(Op::FpGeq, {a, b});
  case ir::Op::Add: return tm_.mkFp(Op::FpAdd, {a, b});
  case ir::Op::Sub: return tm_.mkFp(Op::FpSub, {a, b});
  case ir::Op::Mul: return tm_.mkFp(Op::FpMul, {a, b});
  case ir::Op::Div: return tm_.mkFp(Op::FpDiv, {a, b});
  default: break;
  }
  throw std::invalid_argument("encode: unexpected float operator");
}

Term ExprEncoder::unaryTerm(const ir::Expr &e, Term a) const {
  using backends::RoundingMode;
  ir::Type t = e.type;
  if (t.isFloat()) {
    switch (e.op) {
    case ir::Op::Neg: return tm_.mkFp(Op::FpNeg, {a});
    case ir::Op::FAbs: return tm_.mkFp(Op::FpAbs, {a});
    case ir::Op::FSqrt: return tm_.mkFp(Op::FpSqrt, {a});
    case ir::Op::FFloor: return tm_.mkFp(Op::FpRoundToInt, {a}, RoundingMode::RTN);
    case ir::Op::FCeil: return tm_.mkFp(Op::FpRoundToInt, {a}, RoundingMode::RTP);
    case ir::Op::FRound: return tm_.mkFp(Op::FpRoundToInt, {a}, RoundingMode::RNA);
    case ir::Op::FTrunc: return tm_.mkFp(Op::FpRoundToInt, {a}, RoundingMode::RTZ);
    default: break;
    }
  }
  if (e.op == ir::Op::Neg)
    return bv_ ? tm_.mkApp(Op::BvNeg, a) : normalize(tm_.mkApp(Op::Neg, a), t);
  if (e.op == ir::Op::BitNot) {
    if (bv_)
      return tm_.mkApp(Op::BvNot, a);
    return normalize(tm_.mkApp(Op::Sub, tm_.mkApp(Op::Neg, a), intLit(BigInt(1))), t); // ~x = -x - 1
  }
  throw std::invalid_argument("encode: unexpected unary operator");
}

Term ExprEncoder::shiftTerm(const ir::Expr &e, Term a, Term k) const {
  ir::Type t = e.type, kt = e.args[1].type;
  unsigned w = ir::widthOf(t, ints_);
  bool left = e.op == ir::Op::Shl;
  if (bv_) {
    // Amounts outside [0, w) shift every bit out (ir/ints.cpp); in range, k fits in w bits.
    unsigned kw = ir::widthOf(kt, ints_);
    bool ks = !kt.isUnsigned();
    Term inRange = tm_.mkApp(ks ? Op::BvSlt : Op::BvUlt, k, intConst(BigInt(int64_t(w)), kt));
    if (ks)
      inRange = tm_.mkAnd(tm_.mkApp(Op::BvSge, k, intConst(BigInt(0), kt)), inRange);
    Term kk = kw > w ? tm_.mkExtract(w - 1, 0, k) : kw < w ? tm_.mkZeroExtend(w - kw, k) : k;
    Term shifted = tm_.mkApp(left ? Op::BvShl : t.isUnsigned() ? Op::BvLshr : Op::BvAshr, a, kk);
    Term zero = intConst(BigInt(0), t);
    Term out = left || t.isUnsigned()
                   ? zero
                   : tm_.mkIte(tm_.mkApp(Op::BvSlt, a, zero), intConst(BigInt(-1), t), zero);
    return tm_.mkIte(inRange, shifted, out);
  }
  Term x = a;
  auto shiftBy = [&](unsigned j) {
    return left     ? normalize(tm_.mkApp(Op::Mul, x, intLit(BigInt::pow2(j))), t)
           : j == 0 ? x
                    : tm_.mkApp(Op::IntDiv, x, intLit(BigInt::pow2(j))); // floor division
  };
  Term zero = intLit(BigInt(0));
  Term out = left || t.isUnsigned() ? zero : tm_.mkIte(tm_.mkApp(Op::Lt, x, zero), intLit(BigInt(-1)), zero);
  if (tm_.op(k) == Op::IntConst) {
    BigInt kv = *BigInt::parse(tm_.data(k).value);
    if (kv.isNegative() || kv >= BigInt(int64_t(w)))
      return out;
    return shiftBy(static_cast<unsigned>(*kv.toInt64()));
  }
  Term r = out;
  for (unsigned j = w; j-- > 0;)
    r = tm_.mkIte(tm_.mkEq(k, intLit(BigInt(int64_t(j)))), shiftBy(j), r);
  return r;
}

Term ExprEncoder::binaryTerm(const ir::Expr &e, Term a, Term b, Term reach, std::vector<Term> &dz) const {
  ir::Type t = e.args[0].type;
  if (t.isFloat())
    return floatBinary(e.op, a, b);
  bool uns = t.isUnsigned();
  switch (e.op) {
  case ir::Op::Eq: return tm_.mkEq(a, b);
  case ir::Op::Ne: return tm_.mkNot(tm_.mkEq(a, b));
  case ir::Op::Lt: return tm_.mkApp(!bv_ ? Op::Lt : uns ? Op::BvUlt : Op::BvSlt, a, b);
  case ir::Op::Le: return tm_.mkApp(!bv_ ? Op::Le : uns ? Op::BvUle : Op::BvSle, a, b);
  case ir::Op::Gt: return tm_.mkApp(!bv_ ? Op::Gt : uns ? Op::BvUgt : Op::BvSgt, a, b);
  case ir::Op::Ge: return tm_.mkApp(!bv_ ? Op::Ge : uns ? Op::BvUge : Op::BvSge, a, b);
  case ir::Op::Add: return bv_ ? tm_.mkApp(Op::BvAdd, a, b) : normalize(tm_.mkApp(Op::Add, a, b), t);
  case ir::Op::Sub: return bv_ ? tm_.mkApp(Op::BvSub, a, b) : normalize(tm_.mkApp(Op::Sub, a, b), t);
  case ir::Op::Mul: return bv_ ? tm_.mkApp(Op::BvMul, a, b) : normalize(tm_.mkApp(Op::Mul, a, b), t);
  case ir::Op::Div:
  case ir::Op::Mod: {
    Term zero = intConst(BigInt(0), t);
    dz.push_back(tm_.mkAnd(reach, tm_.mkEq(b, zero)));
    bool div = e.op == ir::Op::Div;
    if (bv_) // bvsdiv / bvsrem truncate toward zero, INT_MIN / -1 wraps, INT_MIN % -1 = 0: as in C
      return tm_.mkApp(div ? (uns ? Op::BvUdiv : Op::BvSdiv) : (uns ? Op::BvUrem : Op::BvSrem), a, b);
    Term q = tm_.mkApp(Op::IntDiv, a, b), r = tm_.mkApp(Op::Mod, a, b);
    if (uns) // both operands are non-negative: Euclidean and truncating division agree
      return div ? q : r;
    // SMT div/mod are Euclidean (0 <= r < |b|); C truncates toward zero. They differ iff a < 0 and r != 0.
    Term same = tm_.mkOr(tm_.mkApp(Op::Ge, a, zero), tm_.mkEq(r, zero));
    Term bPos = tm_.mkApp(Op::Gt, b, zero);
    Term one = intLit(BigInt(1));
    if (div)
      return tm_.mkIte(same, q, tm_.mkIte(bPos, tm_.mkApp(Op::Add, q, one), tm_.mkApp(Op::Sub, q, one)));
    return tm_.mkIte(same, r, tm_.mkIte(bPos, tm_.mkApp(Op::Sub, r, b), tm_.mkApp(Op::Add, r, b)));
  }
  case ir::Op::BitAnd:
  case ir::Op::BitOr:
  case ir::Op::BitXor: {
    if (bv_)
      return tm_.mkApp(e.op == ir::Op::BitAnd  ? Op::BvAnd
                       : e.op == ir::Op::BitOr ? Op::BvOr
                                               : Op::BvXor,
                       a, b);
    if (tm_.op(a) == Op::IntConst)
      std::swap(a, b);
    if (tm_.op(b) == Op::IntConst)
      return bitOpConst(e.op, t, a, BigInt::parse(tm_.data(b).value)->wrap(t.bits, !uns));
    unsigned w = t.bits;
    std::vector<Term> x = bitsOf(a, w, uns), y = bitsOf(b, w, uns), r;
    for (unsigned i = 0; i < w; ++i)
      r.push_back(bitOp(e.op, x[i], y[i]));
    return fromBits(r, !uns);
  }
  case ir::Op::Shl:
  case ir::Op::Shr: return shiftTerm(e, a, b);
  default: break;
  }
  throw std::invalid_argument("encode: unexpected operator");
}

namespace {
BigInt fromBitString(const std::string &bits, bool isSigned) {
  BigInt v(0);
  for (char c : bits)
    v = v * 2 + (c == '1' ? 1 : 0);
  if (isSigned && !bits.empty() && bits[0] == '1')
    v = v - BigInt::pow2(static_cast<unsigned>(bits.size()));
  return v;
}
} // namespace

std::optional<ir::Value> modelValue(const backends::Value &v, ir::Type t) {
  switch (t.kind) {
  case ir::Type::Float: {
    if (v.kind != backends::Value::Kind::Float || v.bits.size() != t.bits)
      return std::nullopt;
    uint64_t bits = 0;
    for (char c : v.bits)
      bits = (bits << 1) | (c == '1');
    return ir::Value::ofFloat(ir::floatValue(bits, t), t);
  }
  case ir::Type::Bool:
    if (v.kind != backends::Value::Kind::Bool)
      return std::nullopt;
    return ir::Value::ofBool(v.boolean);
  case ir::Type::Int: {
    std::optional<BigInt> i;
    if (v.kind == backends::Value::Kind::Int)
      i = BigInt::parse(v.integer);
    else if (v.kind == backends::Value::Kind::BitVec)
      i = fromBitString(v.bits, !t.isUnsigned());
    if (!i || (t.isUnsigned() && !ir::fitsIn(*i, t)))
      return std::nullopt;
    return ir::Value::ofInt(*i);
  }
  default: {
    std::optional<int64_t> i = v.asInt64();
    if (!i || *i < 0 || *i > std::numeric_limits<uint32_t>::max())
      return std::nullopt;
    return ir::Value::ofRef(static_cast<uint32_t>(*i));
  }
  }
}

} // namespace locus::encoder
