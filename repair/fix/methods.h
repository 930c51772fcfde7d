// The constructors of the repair methods, for the registry (registry.cpp).
#pragma once

#include "repair/fix/fix.h"

#include <memory>

namespace locus::fix {

std::unique_ptr<Method> makeMutate();   ///< mutate.cpp: AllRepair / fl-AllRepair
std::unique_ptr<Method> makeTemplate(); ///< template.cpp: Könighofer & Bloem
std::unique_ptr<Method> makeProof();    ///< proof.cpp: Wolverine2's proof-guided repair
std::unique_ptr<Method> makeFormat();   ///< format.cpp: the text prints write, from the output's difference
std::unique_ptr<Method> makePwp();      ///< pwp.cpp: He & Gupta's correction

} // namespace locus::fix
