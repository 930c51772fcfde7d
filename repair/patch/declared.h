// Which variable a source statement declares (patch.cpp's Edit::remove refuses to delete a declaration; the
// repair methods leave such deletions out of their spaces).
#pragma once

#include "ir/ir.h"

#include <optional>

namespace locus::repair::patch {

/// The variable that the source statement of `s` (its construct, in procedure `proc`) declares, as C's
/// `struct node *n = malloc(…);` does: a deletion of it cannot be written (Edit::remove refuses it, the
/// variable is used elsewhere). nullopt when it declares none.
std::optional<ir::VarRef> declaredBy(const ir::Program &prog, uint32_t proc, const ir::Stmt &s);

} // namespace locus::repair::patch
