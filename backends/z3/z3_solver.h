// The Z3 backend: terms translated to the Z3 C++ API with a cache, incremental solving, native MaxSAT.
#pragma once

#include "backends/solver.h"

#include <memory>

namespace locus::backends {

/// Creates a Z3 solver (only when built with LOCUS_WITH_Z3).
std::unique_ptr<Solver> makeZ3Solver(TermManager &tm, const SolverOptions &opts = {});

} // namespace locus::backends
