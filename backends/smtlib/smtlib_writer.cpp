// SmtLibWriter: turns solver commands over terms into SMT-LIB 2 text, declaring variables per level, and
// keeps the session's declarations and assertions so that a solver can be given them again.
#include "backends/smtlib/smtlib_writer.h"

namespace locus::backends {

std::string freshCheckCommand(SolverFamily family, Posing how) {
  // The same tactics as the z3 backend's fresh solver (z3_solver.cpp).
  if (family == SolverFamily::Z3 && how == Posing::Fresh)
    return "(check-sat-using (then simplify propagate-values solve-eqs smt))\n";
  return "(check-sat)\n";
}

std::string SmtLibWriter::preamble(bool cores) {
  return std::string("(set-option :produce-models true)\n") +
         (cores ? "(set-option :produce-unsat-cores true)\n(set-option :produce-unsat-assumptions true)\n"
                : "") +
         "(set-logic ALL)\n";
}

std::string SmtLibWriter::setOption(const std::string &name, const std::string &value) {
  options_[name] = value;
  return sync_ == Sync::InStep ? "(set-option " + name + " " + value + ")\n" : "";
}

std::string SmtLibWriter::start(bool cores) {
  std::string out = sync_ == Sync::Empty ? "" : "(reset)\n";
  out += preamble(cores);
  for (const auto &[name, value] : options_)
    out += "(set-option " + name + " " + value + ")\n";
  return out;
}

std::string SmtLibWriter::declare(const std::vector<Term> &terms) {
  std::string out;
  for (Term v : tm_.freeVars(terms)) {
    if (!declared_.insert(v.id).second)
      continue;
    levels_.back().declared.push_back(v.id);
    out += "(declare-fun " + TermManager::quoteSymbol(tm_.data(v).value) + " () " +
           tm_.sortToString(tm_.sort(v)) + ")\n";
  }
  levels_.back().text += out;
  return out;
}

std::string SmtLibWriter::record(std::string text) {
  levels_.back().text += text;
  return sync_ == Sync::InStep ? text : "";
}

std::string SmtLibWriter::assertCmd(Term f) {
  std::string decl = declare({f});
  std::string out = record("(assert " + tm_.toString(f) + ")\n");
  return sync_ == Sync::InStep ? decl + out : "";
}

std::string SmtLibWriter::push() {
  levels_.emplace_back();
  return sync_ == Sync::InStep ? "(push 1)\n" : "";
}

std::string SmtLibWriter::pop(unsigned n) {
  for (unsigned i = 0; i < n && levels_.size() > 1; ++i) {
    for (uint32_t id : levels_.back().declared)
      declared_.erase(id);
    levels_.pop_back();
  }
  return sync_ == Sync::InStep ? "(pop " + std::to_string(n) + ")\n" : "";
}

std::string SmtLibWriter::checkSat(const std::vector<Term> &assumptions) {
  std::string out;
  if (sync_ != Sync::InStep) {
    out = start(cores_);
    for (size_t k = 0; k < levels_.size(); ++k)
      out += (k ? "(push 1)\n" : "") + levels_[k].text;
    sync_ = Sync::InStep;
  }
  if (assumptions.empty())
    return out + "(check-sat)\n";
  out += declare(assumptions) + "(check-sat-assuming (";
  for (size_t i = 0; i < assumptions.size(); ++i)
    out += (i ? " " : "") + tm_.toString(assumptions[i]);
  return out + "))\n";
}

std::string SmtLibWriter::freshCheckSat(const std::vector<Term> &assumptions, const std::string &check) {
  std::string out = start(false);
  for (const Level &l : levels_)
    out += l.text;
  // The assumptions' own declarations go on the top level of the kept stack, like any other.
  std::string extra = declare(assumptions);
  for (Term a : assumptions)
    extra += "(assert " + tm_.toString(a) + ")\n";
  sync_ = Sync::Diverged;
  return out + extra + check;
}

std::string SmtLibWriter::getValue(Term t) {
  // Sent whatever the state: the solver holds the model of the last check, declared variables included.
  return declare({t}) + "(get-value (" + tm_.toString(t) + "))\n";
}

} // namespace locus::backends
