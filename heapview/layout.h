// Internal to heapview: which drawing each group of linked nodes gets (a list, a tree or one line per node),
// shared by the text and DOT renderers.
#pragma once

#include "heapview/graph.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace locus::heapview::detail {

/// A weakly connected group of drawn nodes (edges: reference slots between drawn nodes) and its drawing.
struct Component {
  enum Kind { List, Tree, Lines };
  Kind kind = Lines;
  /// List: the chain in order (following `next` from the first); Tree: the root first, then pre-order;
  /// Lines: by id.
  std::vector<uint32_t> nodes;
  std::string next, back;          ///< List: the chain's field; the field mirroring it ("": none)
  std::string left, right, parent; ///< Tree: the branches; the field pointing back up ("": none)
  uint32_t end = 0;                ///< List: the last node's `next` (0: null; a node of the chain: a cycle)
  bool nullBack = false;           ///< List: the first node's `back` is null (drawn `null ◀─` before it)
  bool closingBack = false;        ///< List with a cycle: `end`'s back points to the last node (drawn ⇄)
  bool parentNote = false;         ///< Tree: some node's parent is drawn as "the node above" (not in its box)
  /// The slots the drawing shows as arrows or structure (not written in the node's box): (node, slot).
  std::set<std::pair<uint32_t, std::string>> drawn;
  /// Of those, the mirrored ones (the back field of a list, the parent field of a tree).
  std::set<std::pair<uint32_t, std::string>> mirrored;
};

/// The groups of drawn nodes, ordered by the first root that reaches them (then by their smallest id).
std::vector<Component> components(const Graph &g);

} // namespace locus::heapview::detail
