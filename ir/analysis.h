// Small analyses over the IR that several layers share.
#pragma once

#include "ir/ir.h"

#include <unordered_set>
#include <vector>

namespace locus::ir {

/// The variables an expression reads.
void varsRead(const Expr &e, std::vector<VarRef> &out);
/// The variables a statement reads: its guard, value, arguments and base (not its body's).
std::vector<VarRef> varsRead(const Stmt &s);

/// The statements that belong to the specification: every assert and assume, and every statement that
/// assigns a temporary of the lowering (Var::temp) that only such statements read — the pieces of a
/// check's condition the lowering computed before it (`t0 := head.val; b0 := t0 == 2; assert b0`).
/// Localization never blames them; repair never changes them.
std::unordered_set<StmtId> specificationStatements(const Program &prog);

} // namespace locus::ir
