// Cardinality constraints over boolean literals: at least / at most / exactly k of n.
#pragma once

#include "backends/term.h"

#include <vector>

namespace locus::backends {

enum class CardEncoding {
  /// A totalizer built as a pure boolean term (no auxiliary variables): output j of each node is the
  /// disjunction of the ways its children reach j. Exact, so the result may be negated or used as an
  /// assumption. O(n·k) nodes.
  Totalizer,
  /// `(+ (ite l 1 0) …) >= k` over the integers; small, leaves the work to the solver's arithmetic.
  Arithmetic,
};

/// True iff at least `k` of `lits` (boolean terms) are true.
Term atLeast(TermManager &tm, const std::vector<Term> &lits, unsigned k,
             CardEncoding enc = CardEncoding::Totalizer);
/// True iff at most `k` of `lits` are true.
Term atMost(TermManager &tm, const std::vector<Term> &lits, unsigned k,
            CardEncoding enc = CardEncoding::Totalizer);
/// True iff exactly `k` of `lits` are true.
Term exactly(TermManager &tm, const std::vector<Term> &lits, unsigned k,
             CardEncoding enc = CardEncoding::Totalizer);

} // namespace locus::backends
