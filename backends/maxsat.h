// Weighted partial MaxSAT on any Solver: linear SAT-UNSAT search, core-guided WPM1, or the backend's
// optimizer.
#pragma once

#include "backends/solver.h"

#include <string>
#include <vector>

namespace locus::backends {

/// A soft constraint: a boolean term and the cost of leaving it false (> 0).
struct SoftFormula {
  Term formula;
  uint64_t weight = 1;
};

enum class MaxSatAlgorithm {
  /// SAT-UNSAT linear search: each model's cost c adds the bound "cost < c" (a pseudo-Boolean sum over
  /// the integers) until unsat.
  Linear,
  /// Weighted Fu-Malik (WPM1): relax each unsat core with fresh variables under an exactly-one constraint,
  /// splitting weights by the core's minimum; stratified (the heaviest soft formulas are assumed first, the
  /// lighter ones level by level).
  CoreGuided,
  /// The backend's own optimizer (Solver::maxSatNative; Z3's `optimize`). Unknown on other backends.
  Native,
};

/// "linear", "core" and "native" (also "z3-optimize"); false for other names.
bool parseMaxSatAlgorithm(const std::string &name, MaxSatAlgorithm &out);
const char *algorithmName(MaxSatAlgorithm a);

struct MaxSatResult {
  /// Sat: `cost` is optimal and `falsified` the soft formulas an optimal model leaves false. Unsat: the
  /// hard constraints (the solver's assertions) are unsatisfiable. Unknown: gave up (reason inside); when
  /// `hasModel`, `cost`/`falsified` describe the best model found.
  Result result;
  bool hasModel = false;
  uint64_t cost = 0;
  std::vector<size_t> falsified; ///< indices into the soft formulas, ascending
  unsigned checks = 0;
};

/// Minimizes the total weight of the false soft formulas subject to the solver's assertions. Works inside a
/// push/pop, so the solver's assertions are unchanged afterwards (and there is no model left; check again
/// assuming the satisfied soft formulas to get one).
MaxSatResult solveMaxSat(Solver &solver, const std::vector<SoftFormula> &softs,
                         MaxSatAlgorithm algorithm = MaxSatAlgorithm::CoreGuided);

} // namespace locus::backends
