// Enumeration of minimal correction sets (complements of maximal satisfiable subsets) in order of cost.
#pragma once

#include "backends/maxsat.h"

#include <cstddef>
#include <limits>
#include <vector>

namespace locus::backends {

struct McsOptions {
  /// Only correction sets with at most this many soft formulas.
  size_t maxSize = std::numeric_limits<size_t>::max();
  /// Stop after this many — once the last one's cost class is complete for a ranking by first set: past the
  /// limit, sets of that cost that contain a soft formula no set found so far contains are still found, until
  /// none is left (the order of sets of equal cost is arbitrary: a limit must not decide which of them
  /// count).
  size_t limit = std::numeric_limits<size_t>::max();
  MaxSatAlgorithm algorithm = MaxSatAlgorithm::CoreGuided;
};

/// A minimal correction set: soft formulas whose removal makes the rest satisfiable with the hard
/// constraints, and no proper subset of which does.
struct Mcs {
  std::vector<size_t> indices; ///< ascending indices into the soft formulas
  uint64_t cost = 0;           ///< sum of their weights
};

struct McsResult {
  /// Sat: every MCS within the size bound was found (`complete`). Unsat: there is no MCS within the bound
  /// (in particular when the hard constraints are unsatisfiable). Unknown: stopped by the limit (reason
  /// Other, "limit") or by an Unknown check.
  Result result;
  bool complete = false;
  std::vector<Mcs> sets; ///< in order of non-decreasing cost
};

/// Enumerates the MCSes of `softs` w.r.t. the solver's assertions, cheapest first: each is an optimal
/// MaxSAT solution under the blocking clauses of the ones before (at least one member of each found MCS
/// must hold, which excludes it and its supersets). Works inside a push/pop; the solver is unchanged after.
McsResult enumerateMcs(Solver &solver, const std::vector<SoftFormula> &softs, const McsOptions &options = {});

} // namespace locus::backends
