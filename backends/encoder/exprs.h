// Translation of IR types, values and pure expressions into terms, in either integer mode.
#pragma once

#include "backends/solver.h"
#include "backends/term.h"
#include "ir/interp.h"
#include "ir/ir.h"

#include <functional>
#include <optional>
#include <vector>

namespace locus::encoder {

using backends::Term;

/// The domain constraints of one input value (an argument, an input-heap field or a nondet value): `always`
/// holds in every model; `small` (every int within 32 bits) and `tiny` (within [-100, 100]) are only
/// asserted under verify's small/tiny input literals. Null terms mean "no constraint".
struct InputDomain {
  Term always, small, tiny;
};

/// Types, values and expressions as terms. Stateless apart from the term manager and the integer mode, so
/// every encoding (verification, localization, repair) translates expressions the same way.
class ExprEncoder {
public:
  ExprEncoder(backends::TermManager &tm, ir::IntMode ints);

  /// The current term of a variable (the caller's SSA state).
  using VarLookup = std::function<Term(ir::VarRef)>;

  bool bv() const { return bv_; }
  backends::TermManager &terms() const { return tm_; }
  /// Int: Int or (_ BitVec 32); Bool: Bool; references: Int (node ids, 0 is null).
  backends::Sort sortOf(ir::Type t) const;
  Term intConst(int64_t v) const;
  /// 0, false, null.
  Term defaultTerm(ir::Type t) const;
  Term valueTerm(const ir::Value &v, ir::Type t) const;
  /// The constraints on an input value `v` of type `t` (see InputDomain).
  InputDomain inputDomain(Term v, ir::Type t) const;

  /// Encodes `e` with variables read through `var`. `reach` is the condition under which this subexpression
  /// is evaluated (relative to the executing statement): for every division or remainder, `reach ∧ divisor
  /// = 0` is appended to `dz`, so a short-circuited operand cannot fail.
  Term expr(const ir::Expr &e, const VarLookup &var, Term reach, std::vector<Term> &dz) const;

private:
  backends::TermManager &tm_;
  bool bv_;
  backends::Sort intSort_;
};

/// Converts a model value to an ir::Value of type `t` (nullopt if it does not fit).
std::optional<ir::Value> modelValue(const backends::Value &v, ir::Type t);

} // namespace locus::encoder
