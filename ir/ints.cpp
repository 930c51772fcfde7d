// The integer semantics of the IR operators on BigInt values (see ints.h and ir/README.md).
#include "ir/ints.h"

namespace locus::ir {

unsigned widthOf(Type t, IntMode m) {
  if (t.bits != 0)
    return t.bits;
  return m == IntMode::BV32 ? 32 : 0;
}

BigInt convertTo(const BigInt &v, Type t, IntMode m) {
  unsigned w = widthOf(t, m);
  return w == 0 ? v : v.wrap(w, t.isSigned);
}

bool rangeContains(Type to, Type from, IntMode m) {
  unsigned wt = widthOf(to, m), wf = widthOf(from, m);
  if (wt == 0)
    return true;
  if (wf == 0)
    return false;
  bool fs = from.isSigned || from.bits == 0, ts = to.isSigned || to.bits == 0;
  if (fs && !ts)
    return false;
  return fs == ts ? wf <= wt : wf < wt;
}

BigInt castValue(const BigInt &v, Type from, Type to, IntMode m) {
  return rangeContains(to, from, m) ? v : convertTo(v, to, m);
}

BigInt normalize(const BigInt &v, Type t, IntMode m) {
  unsigned w = widthOf(t, m);
  if (w == 0 || (t.isSigned && m == IntMode::Math))
    return v;
  return v.wrap(w, t.isSigned);
}

std::optional<BigInt> evalIntOp(Op op, Type t, const BigInt &a, const BigInt &b, IntMode m) {
  unsigned w = widthOf(t, m);
  // & | ^ see the w low bits of their operands (two's complement); the result is read in t.
  auto rep = [&](const BigInt &x) { return w == 0 ? x : x.wrap(w, t.isSigned); };
  switch (op) {
  case Op::Neg: return normalize(-a, t, m);
  case Op::BitNot: return normalize(-a - 1, t, m); // ~x = -x - 1 in two's complement
  case Op::Add: return normalize(a + b, t, m);
  case Op::Sub: return normalize(a - b, t, m);
  case Op::Mul: return normalize(a * b, t, m);
  case Op::Div:
    if (b.isZero())
      return std::nullopt;
    return normalize(BigInt::truncDiv(a, b), t, m);
  case Op::Mod:
    if (b.isZero())
      return std::nullopt;
    return normalize(BigInt::truncMod(a, b), t, m);
  case Op::BitAnd: return BigInt::bitAnd(rep(a), rep(b));
  case Op::BitOr: return BigInt::bitOr(rep(a), rep(b));
  case Op::BitXor: return BigInt::bitXor(rep(a), rep(b));
  case Op::Shl:
  case Op::Shr: {
    // x << k = x·2^k and x >> k = ⌊x / 2^k⌋ (arithmetic), then made a value of t like any arithmetic
    // result. An amount outside [0, width) shifts every bit out: 0, or -1 for `>>` of a negative value.
    // (The C front end asserts the amount is in range first: C leaves these shifts undefined.)
    unsigned limit = w == 0 ? 64 : w;
    if (b.isNegative() || b >= BigInt(int64_t(limit)))
      return op == Op::Shl || !a.isNegative() ? BigInt(0) : BigInt(-1);
    unsigned k = static_cast<unsigned>(*b.toInt64());
    return normalize(op == Op::Shl ? a.shl(k) : a.shrFloor(k), t, m);
  }
  default: break;
  }
  return BigInt(0); // not an int operator (comparisons and connectives are evaluated by the caller)
}

} // namespace locus::ir
