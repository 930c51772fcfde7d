// SmtLibWriter: turns solver commands over terms into SMT-LIB 2 text, declaring variables per level, and
// keeps the session's declarations and assertions so that a solver can be given them again.
#pragma once

#include "backends/solver.h"
#include "backends/term.h"

#include <map>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::backends {

/// The command that checks a new session (Posing::Plain or Fresh, `how`) of a solver of `family`:
/// `(check-sat)`, or for z3 and Fresh `(check-sat-using (then simplify propagate-values solve-eqs smt))`.
std::string freshCheckCommand(SolverFamily family, Posing how);

/// Produces the SMT-LIB 2 commands of a session with one solver. Variables are declared just before the
/// first command that uses them; declarations made inside a push are forgotten by the matching pop (as the
/// solver forgets them), so they are declared again when used later.
///
/// The writer keeps, level by level, the text of every declaration and assertion, and knows whether the
/// solver holds exactly that stack ("in step"). Commands are written lazily: while the solver is not in
/// step, assert/push/pop only change the kept stack and return no text; an incremental check first brings
/// the solver in step (`(reset)` when it holds something else, the preamble, every level with its push). A
/// fresh check (`freshCheckSat`) gives the solver every assertion on one level, the assumptions as
/// assertions and a plain `(check-sat)`, with the preamble of a session without unsat cores; the solver is
/// out of step afterwards. So a session that only makes fresh checks writes each assertion once per check
/// and never a push.
class SmtLibWriter {
public:
  /// `cores`: the incremental session produces unsat cores (`:produce-unsat-assumptions`).
  SmtLibWriter(TermManager &tm, bool cores) : tm_(tm), cores_(cores) {}

  /// The options a session starts with: models, and with `cores` unsat cores and unsat assumptions.
  static std::string preamble(bool cores);
  /// Sets an option kept across `(reset)` (written after every preamble, e.g. `:timeout`). Returns the
  /// command to send now (empty while the solver is not in step: it comes with the next preamble).
  std::string setOption(const std::string &name, const std::string &value);
  /// The text to send now for each command (empty while the solver is not in step).
  std::string assertCmd(Term f);
  std::string push();
  std::string pop(unsigned n);
  /// An incremental check: what brings the solver in step, then `(check-sat)` when there are no
  /// assumptions, else `(check-sat-assuming (…))` (the assumptions must be literals).
  std::string checkSat(const std::vector<Term> &assumptions);
  /// A fresh check of every assertion together with `assumptions` (any boolean terms), as described above;
  /// `check` is the checking command (see freshCheckCommand).
  std::string freshCheckSat(const std::vector<Term> &assumptions, const std::string &check);
  /// `(get-value (t))`, with the declarations it needs; only right after a check.
  std::string getValue(Term t);

private:
  enum class Sync { Empty, InStep, Diverged }; ///< nothing sent yet; holds our stack; holds something else
  struct Level {
    std::vector<uint32_t> declared; ///< variables declared on this level
    std::string text;               ///< its declarations and assertions
  };
  /// `(declare-fun …)` lines for the not yet declared variables in `terms` (recorded on the top level).
  std::string declare(const std::vector<Term> &terms);
  /// Records `text` on the top level; returns it when the solver is in step, else "".
  std::string record(std::string text);
  /// `(reset)` when needed, the preamble and the options.
  std::string start(bool cores);

  TermManager &tm_;
  bool cores_;
  Sync sync_ = Sync::Empty;
  std::map<std::string, std::string> options_;
  std::unordered_set<uint32_t> declared_;
  std::vector<Level> levels_{1};
};

} // namespace locus::backends
