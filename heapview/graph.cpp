// The heap graph: roots, reachable nodes, changes (graph.h).
#include "heapview/graph.h"

#include "ir/printer.h"

#include <algorithm>
#include <deque>
#include <map>

namespace locus::heapview {

std::vector<Root> rootsOf(const ir::Program &prog, const ir::State &st, bool withTemps, uint32_t entry) {
  std::vector<Root> roots;
  uint32_t proc = st.frames.empty() ? entry : st.frames.back().proc;
  const std::vector<ir::Value> &vals = st.frames.empty() ? st.entryVars : st.frames.back().vars;
  if (proc < prog.procs.size()) {
    const std::vector<ir::Var> &vars = prog.procs[proc].vars;
    for (size_t i = 0; i < vars.size() && i < vals.size(); ++i)
      if (withTemps || !vars[i].temp)
        roots.push_back(Root{vars[i].name, vals[i], vars[i].type, false});
  }
  for (size_t i = 0; i < prog.globals.size() && i < st.globals.size(); ++i)
    if (withTemps || !prog.globals[i].temp)
      roots.push_back(Root{prog.globals[i].name, st.globals[i], prog.globals[i].type, true});
  return roots;
}

const Node *Graph::find(uint32_t id) const {
  auto it =
      std::lower_bound(nodes.begin(), nodes.end(), id, [](const Node &n, uint32_t k) { return n.id < k; });
  return it != nodes.end() && it->id == id ? &*it : nullptr;
}

namespace {

/// `int32[5]`, `Node[3][]`: the array's type with its length in the first brackets (as ir::nodeText).
std::string arrayTypeText(const ir::Program &prog, const ir::HeapNode &h) {
  std::string s = ir::toString(prog, h.type);
  size_t at = s.find("[]");
  return at == std::string::npos ? s : s.insert(at + 1, std::to_string(h.length));
}

Node makeNode(const ir::Program &prog, const ir::HeapNode &h, uint32_t id, size_t maxElems) {
  Node n;
  n.id = id;
  if (!h.isArray()) {
    const ir::Record *r = h.record < prog.records.size() ? &prog.records[h.record] : nullptr;
    n.type = r ? r->name : "?";
    n.record = h.record;
    for (size_t f = 0; f < h.fields.size(); ++f) {
      std::string name = r && f < r->fields.size() ? r->fields[f].name : "?";
      ir::Type t = r && f < r->fields.size() ? r->fields[f].type : ir::Type::intType();
      n.slots.push_back(Slot{name, t, h.fields[f]});
    }
    return n;
  }
  n.array = true;
  n.type = arrayTypeText(prog, h);
  ir::Type et = h.type.elemType();
  auto slot = [&](int64_t k) { return Slot{std::to_string(k), et, ir::knownElement(h, k)}; };
  if (h.length >= 0 && static_cast<uint64_t>(h.length) <= maxElems) {
    for (int64_t k = 0; k < h.length; ++k)
      n.slots.push_back(slot(k));
    return n;
  }
  std::set<int64_t> known = ir::knownElements(h); // as ir::nodeText: the elements written, given or chosen
  for (int64_t k : known) {
    if (n.slots.size() == maxElems) {
      ++n.moreKnown;
      continue;
    }
    n.slots.push_back(slot(k));
  }
  n.others = h.init ? "?" : ir::toString(ir::defaultOf(et));
  return n;
}

} // namespace

Graph build(const ir::Program &prog, const std::vector<Root> &roots, const std::vector<ir::HeapNode> &heap,
            const Options &opts) {
  Graph g;
  g.heapSize = heap.size();
  for (const Root &r : roots)
    if (opts.roots.empty() || std::find(opts.roots.begin(), opts.roots.end(), r.name) != opts.roots.end())
      g.roots.push_back(r);
  auto valid = [&](uint32_t id) { return id > 0 && id <= heap.size(); };
  // breadth first from the roots in order, each node's slots in order; every reachable node is counted
  std::vector<bool> seen(heap.size() + 1, false);
  std::deque<uint32_t> queue;
  std::map<uint32_t, Node> drawn;
  auto reach = [&](uint32_t id) {
    if (valid(id) && !seen[id]) {
      seen[id] = true;
      queue.push_back(id);
    }
  };
  for (const Root &r : g.roots)
    if (r.type.isHeapRef() && r.value.kind == ir::Type::Ref)
      reach(r.value.node);
  while (!queue.empty()) {
    uint32_t id = queue.front();
    queue.pop_front();
    const ir::HeapNode &h = heap[id - 1];
    if (drawn.size() < opts.maxNodes) {
      Node n = makeNode(prog, h, id, opts.maxElems);
      for (const Slot &s : n.slots)
        reach(s.target());
      drawn.emplace(id, std::move(n));
      continue;
    }
    ++g.omitted; // only counted: its references, without making the node (a large heap stays cheap)
    for (const ir::Value &v : h.fields)
      if (v.kind == ir::Type::Ref)
        reach(v.node);
    for (const auto &[k, v] : h.elems)
      if (v.kind == ir::Type::Ref)
        reach(v.node);
    if (h.init)
      for (const auto &[k, v] : h.init->at)
        if (v.kind == ir::Type::Ref)
          reach(v.node);
  }
  for (auto &[id, n] : drawn)
    g.nodes.push_back(std::move(n));
  for (Node &n : g.nodes)
    for (const Root &r : g.roots)
      if (r.type.isHeapRef() && r.value.kind == ir::Type::Ref && r.value.node == n.id)
        n.vars.push_back(r.name);
  return g;
}

Changes diff(const Graph &before, const Graph &after) {
  Changes c;
  for (const Root &r : after.roots) {
    auto old = std::find_if(before.roots.begin(), before.roots.end(),
                            [&](const Root &b) { return b.name == r.name && b.global == r.global; });
    if (old == before.roots.end() || !(old->value == r.value))
      c.roots.insert(r.name);
  }
  for (const Node &n : after.nodes) {
    if (n.id > before.heapSize) {
      c.created.insert(n.id);
      continue;
    }
    const Node *old = before.find(n.id);
    if (!old)
      continue;
    for (const Slot &s : n.slots) {
      auto o =
          std::find_if(old->slots.begin(), old->slots.end(), [&](const Slot &x) { return x.name == s.name; });
      if (o == old->slots.end() || !(o->value == s.value))
        c.slots.insert({n.id, s.name});
    }
  }
  return c;
}

} // namespace locus::heapview
