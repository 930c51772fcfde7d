// makeSolver: builds a backend from its spec ("z3", "cvc5", "smtlib:CMD", "dump").
#include "backends/dump_solver.h"
#include "backends/smtlib/smtlib_solver.h"
#include "backends/solver.h"

#ifdef LOCUS_WITH_Z3
#include "backends/z3/z3_solver.h"
#endif
#ifdef LOCUS_WITH_CVC5
#include "backends/cvc5/cvc5_solver.h"
#endif

namespace locus::backends {

MakeSolverResult makeSolver(const std::string &spec, TermManager &tm, const SolverOptions &opts) {
  MakeSolverResult r;
  if (spec == "z3") {
#ifdef LOCUS_WITH_Z3
    r.solver = makeZ3Solver(tm, opts);
#else
    r.error = "locus was built without z3";
#endif
  } else if (spec == "cvc5") {
#ifdef LOCUS_WITH_CVC5
    r.solver = makeCvc5Solver(tm, opts);
#else
    r.error = "locus was built without cvc5";
#endif
  } else if (spec == "dump") {
    r.solver = std::make_unique<DumpSolver>(tm, opts);
  } else if (spec.rfind("smtlib:", 0) == 0) {
    r.solver = makeSmtLibSolver(tm, spec.substr(7), r.error, opts);
  } else if (spec == "smtlib") {
    r.error = "the smtlib backend needs a command, as in smtlib:\"z3 -in\"";
  } else {
    r.error = "unknown solver '" + spec + "' (expected z3, cvc5, smtlib:COMMAND or dump)";
  }
  return r;
}

SolverFamily familyOf(const std::string &spec) {
  if (spec == "z3")
    return SolverFamily::Z3;
  if (spec == "cvc5")
    return SolverFamily::Cvc5;
  if (spec.rfind("smtlib:", 0) != 0)
    return SolverFamily::Other;
  // The program's name: the first word of the command, without its directory.
  std::vector<std::string> words = splitCommand(spec.substr(7));
  std::string program = words.empty() ? "" : words[0].substr(words[0].find_last_of('/') + 1);
  if (program.find("z3") != std::string::npos)
    return SolverFamily::Z3;
  if (program.find("cvc5") != std::string::npos)
    return SolverFamily::Cvc5;
  return SolverFamily::Other;
}

Posing measuredPosing(SolverFamily f) {
  // backends/README.md, "Posing checks without cores": z3's incremental solver (after a push or with
  // assumptions) is up to 100x slower on arithmetic than a fresh one, and its default strategy for a fresh
  // one (its tactics for nonlinear integers) loses to its core SMT solver after simplification; cvc5 does
  // not care how it is asked, but its core production costs.
  return f == SolverFamily::Z3 ? Posing::Fresh : Posing::Assume;
}

std::vector<std::string> apiSolvers() {
  std::vector<std::string> out;
#ifdef LOCUS_WITH_Z3
  out.push_back("z3");
#endif
#ifdef LOCUS_WITH_CVC5
  out.push_back("cvc5");
#endif
  return out;
}

std::vector<std::string> builtinSolvers() {
  std::vector<std::string> out = apiSolvers();
  out.push_back("smtlib:COMMAND");
  out.push_back("dump");
  return out;
}

} // namespace locus::backends
