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

} // namespace locus::localize
