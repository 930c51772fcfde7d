// The SMT-LIB 2 pipe backend: drives any solver binary that reads SMT-LIB 2 on stdin ("z3 -in", "cvc5 …").
#pragma once

#include "backends/solver.h"

#include <memory>
#include <string>
#include <vector>

namespace locus::backends {

/// Starts `command` (split at spaces; '…' and "…" group words) as a child process and returns a solver that
/// talks SMT-LIB 2 to it over pipes, or nullptr with `error` set when the process cannot be started or
/// does not answer. A solver process that dies or stops answering turns every later check into Unknown
/// with the reason.
/// The words of a command line: split at spaces and tabs; '…' and "…" group words (the quotes dropped).
std::vector<std::string> splitCommand(const std::string &cmd);

std::unique_ptr<Solver> makeSmtLibSolver(TermManager &tm, const std::string &command, std::string &error,
                                         const SolverOptions &opts = {});

} // namespace locus::backends
