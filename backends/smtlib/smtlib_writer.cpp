// SmtLibWriter: turns solver commands over terms into SMT-LIB 2 text, declaring variables per level.
#include "backends/smtlib/smtlib_writer.h"

namespace locus::backends {

std::string SmtLibWriter::preamble() {
  return "(set-option :produce-models true)\n(set-option :produce-unsat-cores true)\n"
         "(set-option :produce-unsat-assumptions true)\n(set-logic ALL)\n";
}

std::string SmtLibWriter::declare(const std::vector<Term> &terms) {
  std::string out;
  for (Term v : tm_.freeVars(terms)) {
    if (!declared_.insert(v.id).second)
      continue;
    declaredAt_.back().push_back(v.id);
    out += "(declare-fun " + TermManager::quoteSymbol(tm_.data(v).value) + " () " +
           tm_.sortToString(tm_.sort(v)) + ")\n";
  }
  return out;
}

std::string SmtLibWriter::assertCmd(Term f) {
  return declare({f}) + "(assert " + tm_.toString(f) + ")\n";
}

std::string SmtLibWriter::push() {
  declaredAt_.emplace_back();
  return "(push 1)\n";
}

std::string SmtLibWriter::pop(unsigned n) {
  for (unsigned i = 0; i < n && declaredAt_.size() > 1; ++i) {
    for (uint32_t id : declaredAt_.back())
      declared_.erase(id);
    declaredAt_.pop_back();
  }
  return "(pop " + std::to_string(n) + ")\n";
}

std::string SmtLibWriter::checkSat(const std::vector<Term> &assumptions) {
  if (assumptions.empty())
    return "(check-sat)\n";
  std::string out = declare(assumptions) + "(check-sat-assuming (";
  for (size_t i = 0; i < assumptions.size(); ++i)
    out += (i ? " " : "") + tm_.toString(assumptions[i]);
  return out + "))\n";
}

std::string SmtLibWriter::getValue(Term t) {
  return declare({t}) + "(get-value (" + tm_.toString(t) + "))\n";
}

} // namespace locus::backends
