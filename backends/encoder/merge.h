// Merged recursive calls (EncodeOptions::mergeCalls): two calls of one recursive procedure on exclusive
// paths of a block — `if (k < t.key) s := insert(t.left, k) else s := insert(t.right, k)` — share one inlined
// body, so recursion costs one body per level instead of one per call site (linear, not exponential, in the
// bound for a BST insertion). This file is the IR analysis: which calls merge and in which order the block's
// statements are encoded then; the encoder builds the merged call (encoder.cpp, `mergedCall`).
#pragma once

#include "ir/ir.h"

#include <cstddef>
#include <limits>
#include <vector>

namespace locus::encoder {

/// One step of a block's encoding order: statement `first`, or (second set) the calls `first` and `second`
/// as one call.
struct BlockStep {
  static constexpr size_t kNone = std::numeric_limits<size_t>::max();
  size_t first = 0;
  size_t second = kNone;
  bool merged() const { return second != kNone; }
};

/// Which procedures can call themselves (directly or through others).
std::vector<bool> recursiveProcs(const ir::Program &prog);

/// The encoding order of `block` (statements of `proc`): its statements in order, except where a call of a
/// recursive procedure (`recursive`) and a later call of the same procedure run on exclusive paths — their
/// guards imply a bool variable and its negation, by the guards' definitions in the block — and the
/// statements between them can be ordered so that the two calls meet: those that depend on the first call
/// (D) go after the merged call, the others (I) before it. Every pair of statements whose order changes
/// commutes: no data conflict (variables, the heap, globals, input/output order, failures), or exclusive
/// paths with guards no moved statement writes (an unguarded `b := x and …` counts as guarded by x there: it
/// writes false where x is false). A loop counts as what its body reads and writes; jumps and concrete
/// blocks between the calls prevent a merge. The result lists every statement exactly once.
std::vector<BlockStep> mergePlan(const ir::Program &prog, const ir::Procedure &proc,
                                 const std::vector<ir::Stmt> &block, const std::vector<bool> &recursive);

} // namespace locus::encoder
