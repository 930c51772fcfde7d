// The registry of repair methods: one place that lists them all, and what is generated from their
// declarations (the --method help, the merged option declarations, their checking).
#include "repair/fix/methods.h"

namespace locus::fix {

const std::vector<std::unique_ptr<Method>> &methods() {
  static const std::vector<std::unique_ptr<Method>> all = [] {
    std::vector<std::unique_ptr<Method>> v;
    v.push_back(makeMutate());
    v.push_back(makeTemplate());
    v.push_back(makeProof());
    v.push_back(makePwp());
    v.push_back(makeFormat());
    v.push_back(makeGuard());
    v.push_back(makeInit());
    v.push_back(makePortfolio());
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

const Method *findLockingMethod() {
  for (const auto &m : methods())
    if (m->takesLocked())
      return m.get();
  return nullptr;
}

const std::vector<repair::OptionDecl> &optionDeclarations() {
  static const std::vector<repair::OptionDecl> merged = repair::mergeRegistryOptions(methods());
  return merged;
}

std::string checkOptions(const repair::OptionValues &values) {
  return repair::checkGiven(optionDeclarations(), values, "repair");
}

std::string methodHelp() {
  return repair::methodHelpOf(methods(), "the repair method:");
}

} // namespace locus::fix
