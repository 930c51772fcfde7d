// The constructors of the registered methods (registry.cpp lists them); internal to repair/localize.
#pragma once

#include "repair/localize/localize.h"

#include <memory>

namespace locus::localize {

std::unique_ptr<Method> makeMaxSat();
std::unique_ptr<Method> makeSbfl();
std::unique_ptr<Method> makeGradient();
std::unique_ptr<Method> makePwp();
std::unique_ptr<Method> makeMust();
std::unique_ptr<Method> makeOfc();
std::unique_ptr<Method> makeMbd();

/// --parts (partsOption) with `dflt` as the declaring method's default: the methods' defaults differ
/// (docs/localize.md, *Relaxed targets*).
repair::OptionDecl partsOption(Parts dflt);
/// `p` with each of m.options() that p.opts does not give set to its default there: a method whose default
/// differs from another reader's runs on it, so that the code it shares with them, which reads the option
/// with the common declaration (partsOf), sees this method's default.
Problem withOwnDefaults(const Method &m, const Problem &p);

} // namespace locus::localize
