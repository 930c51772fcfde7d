// Must fault localization (FOSFL, Rothenberg & Grumberg): from a model of the failing run's formula, the
// statements in the dynamic slice of what makes the failure happen. Every repair of the failure changes one
// of them (a must location set); fl-AllRepair blocks every mutant that leaves them all as they are.
#pragma once

#include "backends/encoder/encoder.h"
#include "backends/solver.h"
#include "repair/localize/localize.h"

#include <functional>
#include <string>
#include <vector>

namespace locus::localize {

/// The model μ: a term's value in a model of the step equation (after a Sat check: Solver::value).
using ModelEval = std::function<backends::Value(backends::Term)>;

struct MustSet {
  /// The must location set: the statement parts whose steps (Value, Guard) are in the slice, in the order
  /// the backward slice reached them (breadth first: nearest the failure first).
  std::vector<Blame> blames;
  int check = -1;           ///< the check that fails in μ (index into Encoding::checks)
  size_t importantVars = 0; ///< the variables of the demands' partial model
  size_t sliceVars = 0;     ///< the variables of the backward slice (important ones included)
  size_t terms = 0;         ///< term nodes visited (the cost: linear in the dependency graph)
  std::string error;        ///< why there is no set (no check fails in μ; a solver problem)
  bool unknown = false;     ///< mustSetOf: the solver gave no answer (error says why)
};

/// FOSFL on a step equation and a model μ of it in which a check fails. The equation must come from a
/// relaxable encoding (EncodeOptions::relaxValues, and relaxGuards for guards, relaxTargets for targets):
/// there every statement value has its own step, the origin FOSFL reports. Reads μ only (no solving):
///  1. the demands — the failing check, the assumptions, the input conditions — are reduced to a partial
///     model: a false `and` follows one false child, a true `or` (or `implies`) one true child, an `ite` its
///     condition and the branch μ takes, anything else every child; its variables are the important ones;
///  2. the backward slice of those over the steps' definitions: an `ite` (a Φ, a heap write, a C
///     operator) follows its condition and the branch μ takes, anything else every variable; a check that
///     does not fail in μ is not followed (a patch that makes it fail leaves a failure);
///  3. the origins (statement, part) of the Value, Guard and Target steps in the slice (a Target step defines
///     the choice of variable, or the node and field, a write's Φ reads).
MustSet mustSet(const encoder::Encoding &enc, const backends::TermManager &tm, const ModelEval &model);

/// The must set of `p.failure`: its relaxable encoding (inputs fixed; values, and guards with
/// --parts value,guard, in the procedures of p.opts.procs) and μ, then mustSet. Every input is fixed, so μ is
/// the run's own values: the steps are evaluated in order (no solving). When a value does not fold to a
/// constant (a division by zero, an integer beyond 64 bits, bit-vector extensions), or the evaluation does
/// not fail the interpreter's check, one satisfiability check gives μ instead (`*solved` says so;
/// `solveSeconds` gets its time).
MustSet mustSetOf(const Problem &p, double *solveSeconds = nullptr, bool *solved = nullptr);

} // namespace locus::localize
