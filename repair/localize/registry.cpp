// The registry of localization methods: one place that lists them all.
#include "repair/localize/methods.h"

namespace locus::localize {

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

} // namespace locus::localize
