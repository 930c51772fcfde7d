// Minimal hitting sets of a collection of sets, by increasing cardinality: the diagnoses of model-based
// diagnosis are the minimal hitting sets of its conflicts (Reiter).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace locus::localize {

/// A set of elements (component indices), ascending.
using ElementSet = std::vector<uint32_t>;

/// Every minimal hitting set of `sets` with exactly `size` elements, in lexicographic order: H meets every
/// set, and no proper subset of H does. The search is Reiter's HS-tree without its pruning rules: a node
/// branches on the elements of the first set its path does not meet (depth ≤ size), and a complete node is
/// kept only if each of its elements is the only one in some set (so non-minimal conflicts need no
/// Greiner correction). An empty set in `sets` has no hitting set; no sets: the empty set (size 0) only.
std::vector<ElementSet> minimalHittingSets(const std::vector<ElementSet> &sets, size_t size,
                                           size_t limit = std::numeric_limits<size_t>::max());

/// Whether `h` meets every set, and whether it is a minimal such set.
bool hitsAll(const std::vector<ElementSet> &sets, const ElementSet &h);
bool isMinimalHittingSet(const std::vector<ElementSet> &sets, const ElementSet &h);

} // namespace locus::localize
