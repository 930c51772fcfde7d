// The dump backend: records the SMT-LIB 2 script of a session and answers Unknown to every check.
#pragma once

#include "backends/smtlib/smtlib_writer.h"
#include "backends/solver.h"

#include <string>

namespace locus::backends {

/// Solves nothing: every check answers Unknown (reason Other). Useful to write the formula a run would
/// send (`locus smt`) and to test the pipeline without a solver.
class DumpSolver final : public Solver {
public:
  explicit DumpSolver(TermManager &tm);

  std::string name() const override { return "dump"; }
  std::string version() const override { return "1"; }
  /// The commands so far, starting with the preamble.
  const std::string &script() const { return script_; }

protected:
  void assertImpl(Term f) override { script_ += writer_.assertCmd(f); }
  void pushImpl() override { script_ += writer_.push(); }
  void popImpl(unsigned n) override { script_ += writer_.pop(n); }
  Result checkImpl(const std::vector<Term> &assumptions) override;
  Value valueImpl(Term t) override;
  std::vector<Term> unsatCoreImpl() override { return {}; }

private:
  SmtLibWriter writer_;
  std::string script_;
};

} // namespace locus::backends
