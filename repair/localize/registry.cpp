// The registry of localization methods: one place that lists them all, and what is generated from their
// declarations (the --method help, the merged option declarations, their checking).
#include "repair/localize/methods.h"

namespace locus::localize {

repair::OptionDecl partsOption(Parts dflt) {
  repair::OptionDecl d = partsOption();
  d.defaultText = repair::enumName(d, dflt);
  return d;
}

Problem withOwnDefaults(const Method &m, const Problem &p) {
  Problem q = p;
  for (const repair::OptionDecl &d : m.options())
    if (!q.opts.given.find(d.flag))
      q.opts.given.set(d.flag, d.defaultText);
  return q;
}

const std::vector<std::unique_ptr<Method>> &methods() {
  static const std::vector<std::unique_ptr<Method>> all = [] {
    std::vector<std::unique_ptr<Method>> v;
    v.push_back(makeMaxSat());
    v.push_back(makeMust());
    v.push_back(makeOfc());
    v.push_back(makeMbd());
    v.push_back(makeSbfl());
    v.push_back(makePwp());
    v.push_back(makeGradient());
    return v;
  }();
  return all;
}

const Method *findMethod(const std::string &name) {
  for (const auto &m : methods())
    if (name == m->name())
      return m.get();
  return nullptr;
}

const Method *findDiagnosisMethod() {
  for (const auto &m : methods())
    if (m->givesDiagnoses())
      return m.get();
  return nullptr;
}

std::vector<const Method *> traceFormulaMethods() {
  std::vector<const Method *> out;
  for (const auto &m : methods())
    if (m->traceFormula())
      out.push_back(m.get());
  return out;
}

const std::vector<repair::OptionDecl> &optionDeclarations() {
  static const std::vector<repair::OptionDecl> merged = repair::mergeRegistryOptions(methods());
  return merged;
}

std::string checkOptions(const repair::OptionValues &values) {
  return repair::checkGiven(optionDeclarations(), values, "localization");
}

std::string optionText(const repair::OptionValues &values, const std::string &flag) {
  for (const repair::OptionDecl &d : optionDeclarations())
    if (d.flag == flag)
      return repair::valueText(d, values);
  return {};
}

std::string methodHelp() {
  return repair::methodHelpOf(methods(), "the localization method:") +
         "\n  all: every method above on the same failure, side by side";
}

} // namespace locus::localize
