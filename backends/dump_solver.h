// The dump backend: records the SMT-LIB 2 script of a session and answers Unknown to every check.
#pragma once

#include "backends/smtlib/smtlib_writer.h"
#include "backends/solver.h"

#include <string>

namespace locus::backends {

/// Solves nothing: every check answers Unknown (reason Other). Records the SMT-LIB 2 text the pipe backend
/// would send for the same calls (commands are written when a check needs them; see SmtLibWriter), so it
/// shows the formula a run asks (`locus smt`) and tests the pipeline without a solver. Its default posing
/// is Fresh, the pipe's for z3.
class DumpSolver final : public Solver {
public:
  explicit DumpSolver(TermManager &tm, const SolverOptions &opts = {});

  std::string name() const override { return "dump"; }
  std::string version() const override { return "1"; }
  /// The commands written so far.
  const std::string &script() const { return script_; }

protected:
  void assertImpl(Term f) override { script_ += writer_.assertCmd(f); }
  void pushImpl() override { script_ += writer_.push(); }
  void popImpl(unsigned n) override { script_ += writer_.pop(n); }
  Result checkImpl(const std::vector<Term> &assumptions) override;
  Result checkFreshImpl(const std::vector<Term> &assumptions) override;
  Value valueImpl(Term t) override;
  std::vector<Term> unsatCoreImpl() override { return {}; }
  Posing defaultPosing() const override { return Posing::Fresh; }

private:
  SmtLibWriter writer_;
  std::string script_;
};

} // namespace locus::backends
