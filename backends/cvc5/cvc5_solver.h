// The cvc5 backend: terms translated to the cvc5 C++ API with a cache, incremental solving.
#pragma once

#include "backends/solver.h"

#include <memory>

namespace locus::backends {

/// Creates a cvc5 solver (only when built with LOCUS_WITH_CVC5).
std::unique_ptr<Solver> makeCvc5Solver(TermManager &tm, const SolverOptions &opts = {});

} // namespace locus::backends
