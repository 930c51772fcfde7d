// The constructors of the registered methods (registry.cpp lists them); internal to repair/localize.
#pragma once

#include "repair/localize/localize.h"

#include <memory>

namespace locus::localize {

std::unique_ptr<Method> makeMaxSat();

} // namespace locus::localize
