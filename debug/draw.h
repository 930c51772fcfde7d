// The heap picture of a paused run, as the debugger shows it after each step: heapview's drawings of the
// variables in scope and the heap they reach (docs/heap.md).
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <string>

namespace locus::debug {

/// The variables in scope in the innermost frame of `st` and the heap reachable from them, drawn for the
/// terminal; what changed since `before` (when given) is marked. `entry`: the procedure when `st` has no
/// frames (an ended run).
std::string drawText(const ir::Program &prog, const ir::State &st, uint32_t entry, const ir::State *before);
/// The same as Graphviz DOT.
std::string drawDot(const ir::Program &prog, const ir::State &st, uint32_t entry, const ir::State *before);

} // namespace locus::debug
