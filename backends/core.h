// Unsat-core minimization over assumptions: deletion-based and QuickXplain.
#pragma once

#include "backends/solver.h"

#include <vector>

namespace locus::backends {

enum class CoreMinimizer {
  /// Try dropping each element in turn; keep it out when the rest stays unsat, and shrink further with the
  /// solver's core of that check. n checks at most.
  Deletion,
  /// Junker's divide and conquer; fewer checks when the minimal core is small.
  QuickXplain,
};

struct CoreResult {
  /// Unsat: `core` is a minimal unsatisfiable subset (every proper subset is satisfiable together with the
  /// solver's assertions). Sat: the input was satisfiable, `core` is empty. Unknown: some check answered
  /// Unknown; `core` is unsatisfiable but perhaps not minimal (the reason is in `result`).
  Result result;
  std::vector<Term> core;
  unsigned checks = 0;
};

/// Shrinks `assumptions` (boolean terms, unsatisfiable together with the solver's assertions) to a minimal
/// unsatisfiable subset, keeping their order. Uses only check(assumptions) and unsatCore(); leaves the
/// solver's assertions unchanged (non-literal assumptions get proxies, see Solver).
CoreResult minimizeCore(Solver &solver, const std::vector<Term> &assumptions,
                        CoreMinimizer method = CoreMinimizer::Deletion);

} // namespace locus::backends
