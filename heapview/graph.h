// The heap as a graph: the variables in scope (roots), the nodes reachable from them with their fields, and
// what changed between two such graphs. The renderers (render.h) draw it.
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace locus::heapview {

/// A variable in scope: a variable of the innermost frame or a global.
struct Root {
  std::string name;
  ir::Value value;
  ir::Type type;
  bool global = false;
};

/// The variables in scope in `st`: those of the innermost frame (`State::frames.back()`; without frames,
/// `State::entryVars` of procedure `entry`), in `Procedure::vars` order, then the globals. The lowering's
/// temporaries (`Var::temp`) only with `withTemps`.
std::vector<Root> rootsOf(const ir::Program &prog, const ir::State &st, bool withTemps = false,
                          uint32_t entry = ir::kNone);

struct Options {
  size_t maxNodes = 40; ///< nodes drawn; the others reachable are counted in Graph::omitted
  size_t maxElems = 16; ///< array elements shown per array (ir::nodeText's rule for longer arrays)
  /// Only the roots of these names (in the given order of `rootsOf`); empty: every root.
  std::vector<std::string> roots;
};

/// One field of a record node, or one element of an array.
struct Slot {
  std::string name; ///< the field's name, or the element's index
  ir::Type type;
  /// nullopt: an element of nondet contents that nothing has read or written yet (shown `?`)
  std::optional<ir::Value> value;
  bool isRef() const { return type.isHeapRef(); }
  /// The node this reference slot points to (0: null, or not a reference).
  uint32_t target() const { return isRef() && value ? value->node : 0; }
};

/// A heap node drawn: a record node or an array.
struct Node {
  uint32_t id = 0;             ///< K of nK, the interpreter's node number (heap[K-1]; allocation order)
  std::string type;            ///< the record's name, or the array's type with its length: `int32[5]`
  uint32_t record = ir::kNone; ///< a record node: its index in Program::records
  bool array = false;
  std::vector<Slot> slots; ///< a record: every field in declaration order; an array: the elements shown
  /// An array longer than Options::maxElems: the elements known (written, given or chosen) are the slots
  /// (at most maxElems of them; `moreKnown` counts the rest), and `others` is the value of every other
  /// element (`0`, `null`, `?`). Empty for every record and for an array shown whole.
  std::string others;
  size_t moreKnown = 0;
  std::vector<std::string> vars; ///< the roots that point to this node, in root order
  std::string name() const { return "n" + std::to_string(id); }
};

/// The part of a heap that the roots reach.
struct Graph {
  std::vector<Root> roots; ///< the roots selected, in rootsOf's order
  std::vector<Node> nodes; ///< the nodes drawn (the first Options::maxNodes reached, breadth first), by id
  size_t omitted = 0;      ///< nodes reachable but not drawn
  size_t heapSize = 0;     ///< nodes allocated in the state (a later graph's node above it is new)
  /// The node nK, if drawn.
  const Node *find(uint32_t id) const;
};

/// The graph of `heap` reachable from `roots`, breadth first (roots in order, slots in order): the first
/// Options::maxNodes nodes reached are drawn (the elements a drawn array does not show are not followed),
/// the others reachable are counted in Graph::omitted.
Graph build(const ir::Program &prog, const std::vector<Root> &roots, const std::vector<ir::HeapNode> &heap,
            const Options &opts = {});

/// What changed from one graph to the next (one step of a run).
struct Changes {
  std::set<std::string> roots; ///< roots whose value changed, or that were not in scope before
  /// (node, slot name): slots of nodes drawn in both graphs whose value changed (an array element shown
  /// only now counts as changed)
  std::set<std::pair<uint32_t, std::string>> slots;
  std::set<uint32_t> created; ///< nodes drawn now that were allocated after `before` (id > before.heapSize)
  bool empty() const { return roots.empty() && slots.empty() && created.empty(); }
  bool root(const std::string &name) const { return roots.count(name) != 0; }
  bool slot(uint32_t node, const std::string &name) const { return slots.count({node, name}) != 0; }
  bool isNew(uint32_t node) const { return created.count(node) != 0; }
};

/// The changes from `before` to `after`. A node drawn now but not before (reached only now) has none,
/// unless it is new.
Changes diff(const Graph &before, const Graph &after);

} // namespace locus::heapview
