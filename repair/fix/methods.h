// The constructors of the repair methods, for the registry (registry.cpp).
#pragma once

#include "repair/fix/fix.h"
#include "repair/mutation/mutation.h"

#include <memory>
#include <string>

namespace locus::fix {

std::unique_ptr<Method> makeMutate();    ///< mutate.cpp: AllRepair / fl-AllRepair
std::unique_ptr<Method> makeTemplate();  ///< template.cpp: Könighofer & Bloem
std::unique_ptr<Method> makeProof();     ///< proof.cpp: Wolverine2's proof-guided repair
std::unique_ptr<Method> makeFormat();    ///< format.cpp: the text prints write, from the output's difference
std::unique_ptr<Method> makePwp();       ///< pwp.cpp: He & Gupta's correction
std::unique_ptr<Method> makeGuard();     ///< guard.cpp: an input check the reference makes
std::unique_ptr<Method> makeInit();      ///< init.cpp: an initializer for a declaration without one
std::unique_ptr<Method> makePortfolio(); ///< portfolio.cpp: `auto`, the others cheapest first

/// One mutated place as a change line: `file:line:col: from → to`, operators spelled as the file's language
/// spells them (mutate and pwp report their mutations with it).
std::string placeText(const ir::Program &prog, const ir::StmtIndex &index, const repair::mutation::Site &site,
                      const repair::mutation::Option &o);

} // namespace locus::fix
