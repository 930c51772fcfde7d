// SmtLibWriter: turns solver commands over terms into SMT-LIB 2 text, declaring variables per level.
#pragma once

#include "backends/term.h"

#include <string>
#include <unordered_set>
#include <vector>

namespace locus::backends {

/// Produces the SMT-LIB 2 commands for an incremental session. Variables are declared just before the first
/// command that uses them; declarations made inside a push are forgotten by the matching pop (as the
/// solver forgets them), so they are declared again when used later.
class SmtLibWriter {
public:
  explicit SmtLibWriter(TermManager &tm) : tm_(tm) {}

  /// The options every session starts with (models and unsat cores on).
  static std::string preamble();
  /// `(declare-fun …)` lines for the not yet declared variables in `terms`.
  std::string declare(const std::vector<Term> &terms);
  std::string assertCmd(Term f);
  std::string push();
  std::string pop(unsigned n);
  /// `(check-sat)` when there are no assumptions, else `(check-sat-assuming (…))`.
  std::string checkSat(const std::vector<Term> &assumptions);
  std::string getValue(Term t);

private:
  TermManager &tm_;
  std::unordered_set<uint32_t> declared_;
  std::vector<std::vector<uint32_t>> declaredAt_{1};
};

} // namespace locus::backends
