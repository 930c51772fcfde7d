// Translation of IR types, values and pure expressions into terms, in either integer mode.
#pragma once

#include "backends/solver.h"
#include "backends/term.h"
#include "ir/interp.h"
#include "ir/ints.h"
#include "ir/ir.h"

#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace locus::encoder {

using backends::Term;

/// The domain constraints of one input value (an argument, an input-heap field or a nondet value): `always`
/// holds in every model (a fixed-width type's range in math mode); `small` (every int within 32 bits) and
/// `tiny` (within [-100, 100]) are only asserted under verify's small/tiny input literals, so that
/// counterexamples read well. Null terms mean "no constraint".
struct InputDomain {
  Term always, small, tiny;
};

/// Types, values and expressions as terms, with the integer semantics of ir/ints.h: the interpreter's and
/// the encoding's integers agree by construction.
///
/// Math mode: every int is an SMT Int. Unsigned results are reduced modulo 2^width, narrowing conversions
/// wrap (mod), bit operations `& | ^` read their operands' bits through auxiliary 0/1 variables (see
/// takeDefinitions), shifts are multiplications / floor divisions by powers of two. BV32 mode: a
/// fixed-width int is a bit-vector of its width and GCL's `int` one of 32 bits; unsigned types use the
/// unsigned bit-vector operators. References are Int node ids in both modes.
///
/// Apart from the term manager and the mode, the only state is the cache of bit decompositions and the
/// definitions of their variables, which the caller must assert (takeDefinitions).
class ExprEncoder {
public:
  ExprEncoder(backends::TermManager &tm, ir::IntMode ints);

  /// The current term of a variable (the caller's SSA state).
  using VarLookup = std::function<Term(ir::VarRef)>;

  bool bv() const { return bv_; }
  ir::IntMode mode() const { return ints_; }
  backends::TermManager &terms() const { return tm_; }
  /// Int: Int (math) or a bit-vector of the type's width (BV32; `int`: 32); Bool: Bool; references: Int;
  /// Float: FloatingPoint 8 24 (float32) or 11 53 (float64), in both modes.
  backends::Sort sortOf(ir::Type t) const;
  /// The constant v of GCL's unbounded `int` type.
  Term intConst(int64_t v) const { return intConst(ir::BigInt(v), ir::Type::intType()); }
  /// The constant v (a value of t) of the int type t.
  Term intConst(const ir::BigInt &v, ir::Type t) const;
  /// 0, false, null.
  Term defaultTerm(ir::Type t) const;
  /// The term of a value of type t; an int is first converted to t as C converts (ir::convertTo).
  Term valueTerm(const ir::Value &v, ir::Type t) const;
  /// The constraints on an input value `v` of type `t` (see InputDomain).
  InputDomain inputDomain(Term v, ir::Type t) const;

  /// Encodes `e` with variables read through `var`. `reach` is the condition under which this subexpression
  /// is evaluated (relative to the executing statement): for every division or remainder, `reach ∧ divisor
  /// = 0` is appended to `dz`, so a short-circuited operand cannot fail.
  Term expr(const ir::Expr &e, const VarLookup &var, Term reach, std::vector<Term> &dz) const;
  /// a (a term of int type `from`) converted to int type `to`, as `T(e)` converts.
  Term convertTerm(Term a, ir::Type from, ir::Type to) const { return convert(a, from, to); }

  /// The constraints that define the auxiliary variables expr() introduced since the last call (math mode's
  /// bit decompositions: `x = Σ 2ⁱ·bᵢ + 2ʷ·q` with 0 ≤ bᵢ ≤ 1). Each is satisfiable for every value of the
  /// variables it decomposes, so asserting them (hard, as inputs are) never changes a verdict; not
  /// asserting them leaves `& | ^` unconstrained. The caller asserts every one.
  std::vector<Term> takeDefinitions() const { return std::exchange(defs_, {}); }
  /// The conditions under which a float → int conversion that expr() encoded since the last call is out of
  /// the int type's range (C's undefined behaviour: a `bounds` failure of the statement), each conjoined
  /// with its `reach`. The caller checks them after the statement's division checks.
  std::vector<Term> takeRangeFailures() const { return std::exchange(rangeFails_, {}); }

private:
  Term unaryTerm(const ir::Expr &e, Term a) const;
  /// `T(e)` with a float operand or result (a float → int conversion records its range failure).
  Term floatCast(Term a, ir::Type from, ir::Type to, Term reach) const;
  Term floatBinary(ir::Op op, Term a, Term b) const;
  /// The float of type t with the bit pattern `bits`.
  Term floatConst(uint64_t bits, ir::Type t) const;
  Term binaryTerm(const ir::Expr &e, Term a, Term b, Term reach, std::vector<Term> &dz) const;
  /// A math-mode term of type t made a value of t (unsigned: mod 2^width).
  Term normalize(Term v, ir::Type t) const;
  /// a (of type from) converted to type to.
  Term convert(Term a, ir::Type from, ir::Type to) const;
  /// Math mode: a modulo 2^w read as a signed or unsigned w-bit number.
  Term wrapInt(Term a, unsigned w, bool isSigned) const;
  /// Math mode: the w bits of a's two's complement representation, least significant first, as Int terms
  /// in {0, 1}.
  const std::vector<Term> &bitsOf(Term a, unsigned w, bool inRange) const;
  /// Math mode: one bit (an Int term in {0, 1}) of x op y.
  Term bitOp(ir::Op op, Term x, Term y) const;
  /// Math mode: the value of w bits (signed: the top bit weighs -2^(w-1)).
  Term fromBits(const std::vector<Term> &bits, bool isSigned) const;
  Term shiftTerm(const ir::Expr &e, Term a, Term k) const;
  /// Math mode: x op c for a bit operation and a constant c (a value of t).
  Term bitOpConst(ir::Op op, ir::Type t, Term x, const ir::BigInt &c) const;
  Term intLit(const ir::BigInt &v) const { return tm_.mkInt(v.toString()); }

  backends::TermManager &tm_;
  ir::IntMode ints_;
  bool bv_;
  mutable std::vector<Term> defs_;
  mutable std::vector<Term> rangeFails_;
  mutable std::map<std::pair<uint32_t, unsigned>, std::vector<Term>> bits_; ///< (term id, width) → bits
  /// Terms that are sums of bits (fromBits): their bits and signedness, so that conversions and further bit
  /// operations reuse the bits instead of taking a `mod`.
  mutable std::map<uint32_t, std::pair<std::vector<Term>, bool>> sums_;
  /// Terms made by wrapInt: the term wrapped and the width (its low bits are the wrapped term's).
  mutable std::map<uint32_t, std::pair<Term, unsigned>> wraps_;
  mutable std::map<std::pair<uint32_t, uint32_t>, Term> ands_; ///< (bit, bit) → their conjunction's variable
};

/// Converts a model value to an ir::Value of type `t` (nullopt if it is not a value of t). A signed
/// fixed-width type accepts any integer: in math mode its arithmetic is mathematical (ir/ints.h), so a
/// variable of it may hold a value beyond its range.
std::optional<ir::Value> modelValue(const backends::Value &v, ir::Type t);

} // namespace locus::encoder
