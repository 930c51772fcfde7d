// The dump backend: records the SMT-LIB 2 script of a session and answers Unknown to every check.
#include "backends/dump_solver.h"

#include <stdexcept>

namespace locus::backends {

DumpSolver::DumpSolver(TermManager &tm, const SolverOptions &opts, SolverFamily family)
    : Solver(tm, opts), family_(family), writer_(tm, opts.cores) {
  if (family_ == SolverFamily::Cvc5) // str.from_int (program output), as the cvc5 backend sets it
    (void)writer_.setOption(":strings-exp", "true");
}

Result DumpSolver::checkImpl(const std::vector<Term> &assumptions) {
  script_ += writer_.checkSat(assumptions);
  return Result::unknown(UnknownReason::Other, "the dump backend does not solve");
}

Result DumpSolver::checkFreshImpl(const std::vector<Term> &assumptions, Posing how) {
  script_ += writer_.freshCheckSat(assumptions, freshCheckCommand(family_, how));
  return Result::unknown(UnknownReason::Other, "the dump backend does not solve");
}

Value DumpSolver::valueImpl(Term) {
  throw std::logic_error("dump: no model");
}

} // namespace locus::backends
