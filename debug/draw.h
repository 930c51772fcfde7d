// The heap picture of a paused run, as the debugger shows it after each step (debug/README.md).
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <string>

namespace locus::debug {

/// The variables in scope in the innermost frame of `st` (procedure `proc`) and the heap reachable from
/// them, drawn for the terminal; what changed since `before` (when given) is marked.
std::string drawState(const ir::Program &prog, const ir::State &st, uint32_t proc, const ir::State *before);

} // namespace locus::debug
