// Translation of IR types, values and pure expressions into terms (math ints as SMT Int, bv32 as
// bit-vectors).
#include "backends/encoder/exprs.h"

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace locus::encoder {

using backends::Op;
using backends::Sort;

ExprEncoder::ExprEncoder(backends::TermManager &tm, ir::IntMode ints)
    : tm_(tm), bv_(ints == ir::IntMode::BV32), intSort_(bv_ ? tm.bvSort(32) : tm.intSort()) {}

Sort ExprEncoder::sortOf(ir::Type t) const {
  switch (t.kind) {
  case ir::Type::Int: return intSort_;
  case ir::Type::Bool: return tm_.boolSort();
  default: return tm_.intSort();
  }
}

Term ExprEncoder::intConst(int64_t v) const {
  return bv_ ? tm_.mkBv(32, v) : tm_.mkInt(v);
}

Term ExprEncoder::defaultTerm(ir::Type t) const {
  return t.kind == ir::Type::Bool ? tm_.mkFalse() : t.kind == ir::Type::Int ? intConst(0) : tm_.mkInt(0);
}

Term ExprEncoder::valueTerm(const ir::Value &v, ir::Type t) const {
  switch (t.kind) {
  case ir::Type::Int: return intConst(v.i);
  case ir::Type::Bool: return tm_.mkBool(v.i != 0);
  default: return tm_.mkInt(static_cast<int64_t>(v.node));
  }
}

InputDomain ExprEncoder::inputDomain(Term v, ir::Type t) const {
  // Math ints: an input is an int64 (the interpreter's range); bit-vectors and bools need nothing.
  if (t.kind != ir::Type::Int || bv_)
    return {};
  auto within = [&](int64_t lo, int64_t hi) {
    return tm_.mkAnd(tm_.mkApp(Op::Ge, v, tm_.mkInt(lo)), tm_.mkApp(Op::Le, v, tm_.mkInt(hi)));
  };
  return {within(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()),
          within(INT32_MIN, INT32_MAX), within(-100, 100)};
}

Term ExprEncoder::expr(const ir::Expr &e, const VarLookup &var, Term reach, std::vector<Term> &dz) const {
  switch (e.kind) {
  case ir::Expr::IntLit: return intConst(e.value);
  case ir::Expr::BoolLit: return tm_.mkBool(e.value != 0);
  case ir::Expr::NullLit: return tm_.mkInt(0);
  case ir::Expr::VarUse: return var(e.var);
  case ir::Expr::Unary: {
    Term a = expr(e.args.at(0), var, reach, dz);
    if (e.op == ir::Op::Not)
      return tm_.mkNot(a);
    return tm_.mkApp(bv_ ? Op::BvNeg : Op::Neg, a);
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
  switch (e.op) {
  case ir::Op::Eq: return tm_.mkEq(a, b);
  case ir::Op::Ne: return tm_.mkNot(tm_.mkEq(a, b));
  case ir::Op::Lt: return tm_.mkApp(bv_ ? Op::BvSlt : Op::Lt, a, b);
  case ir::Op::Le: return tm_.mkApp(bv_ ? Op::BvSle : Op::Le, a, b);
  case ir::Op::Gt: return tm_.mkApp(bv_ ? Op::BvSgt : Op::Gt, a, b);
  case ir::Op::Ge: return tm_.mkApp(bv_ ? Op::BvSge : Op::Ge, a, b);
  case ir::Op::Add: return tm_.mkApp(bv_ ? Op::BvAdd : Op::Add, a, b);
  case ir::Op::Sub: return tm_.mkApp(bv_ ? Op::BvSub : Op::Sub, a, b);
  case ir::Op::Mul: return tm_.mkApp(bv_ ? Op::BvMul : Op::Mul, a, b);
  case ir::Op::Div:
  case ir::Op::Mod: {
    Term zero = intConst(0);
    dz.push_back(tm_.mkAnd(reach, tm_.mkEq(b, zero)));
    bool div = e.op == ir::Op::Div;
    if (bv_) // bvsdiv / bvsrem truncate toward zero, INT_MIN / -1 wraps, INT_MIN % -1 = 0: as in C
      return tm_.mkApp(div ? Op::BvSdiv : Op::BvSrem, a, b);
    // SMT div/mod are Euclidean (0 <= r < |b|); C truncates toward zero. They differ iff a < 0 and r != 0.
    Term q = tm_.mkApp(Op::IntDiv, a, b), r = tm_.mkApp(Op::Mod, a, b);
    Term same = tm_.mkOr(tm_.mkApp(Op::Ge, a, zero), tm_.mkEq(r, zero));
    Term bPos = tm_.mkApp(Op::Gt, b, zero);
    if (div)
      return tm_.mkIte(
          same, q, tm_.mkIte(bPos, tm_.mkApp(Op::Add, q, tm_.mkInt(1)), tm_.mkApp(Op::Sub, q, tm_.mkInt(1))));
    return tm_.mkIte(same, r, tm_.mkIte(bPos, tm_.mkApp(Op::Sub, r, b), tm_.mkApp(Op::Add, r, b)));
  }
  default: break;
  }
  throw std::invalid_argument("encode: unexpected operator");
}

std::optional<ir::Value> modelValue(const backends::Value &v, ir::Type t) {
  switch (t.kind) {
  case ir::Type::Bool:
    if (v.kind != backends::Value::Kind::Bool)
      return std::nullopt;
    return ir::Value::ofBool(v.boolean);
  case ir::Type::Int: {
    std::optional<int64_t> i = v.asInt64();
    if (!i)
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
