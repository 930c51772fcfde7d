// The registry of repair methods: one place that lists them all.
#include "repair/fix/methods.h"

namespace locus::fix {

const std::vector<std::unique_ptr<Method>> &methods() {
  static const std::vector<std::unique_ptr<Method>> all = [] {
    std::vector<std::unique_ptr<Method>> v;
    v.push_back(makeMutate());
    v.push_back(makeTemplate());
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

} // namespace locus::fix
