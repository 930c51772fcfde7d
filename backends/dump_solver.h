// The dump backend: records the SMT-LIB 2 script of a session and answers Unknown to every check.
#pragma once

#include "backends/smtlib/smtlib_writer.h"
#include "backends/solver.h"

#include <string>

namespace locus::backends {

/// Solves nothing: every check answers Unknown (reason Other). Records the SMT-LIB 2 text the pipe backend
/// would send a solver of `family` for the same calls (commands are written when a check needs them; see
/// SmtLibWriter), with that family's default posing, so it shows the formula a run asks (`locus smt`) and
/// tests the pipeline without a solver.
class DumpSolver final : public Solver {
public:
  explicit DumpSolver(TermManager &tm, const SolverOptions &opts = {},
                      SolverFamily family = SolverFamily::Z3);

  std::string name() const override { return "dump"; }
  std::string version() const override { return "1"; }
  /// The commands written so far.
  const std::string &script() const { return script_; }

protected:
  void assertImpl(Term f) override { script_ += writer_.assertCmd(f); }
  void pushImpl() override { script_ += writer_.push(); }
  void popImpl(unsigned n) override { script_ += writer_.pop(n); }
  Result checkImpl(const std::vector<Term> &assumptions) override;
  Result checkFreshImpl(const std::vector<Term> &assumptions, Posing how) override;
  Value valueImpl(Term t) override;
  std::vector<Term> unsatCoreImpl() override { return {}; }
  Posing defaultPosing() const override { return measuredPosing(family_); }

private:
  SolverFamily family_;
  SmtLibWriter writer_;
  std::string script_;
};

} // namespace locus::backends
