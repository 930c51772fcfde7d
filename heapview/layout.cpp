// Which drawing each group of linked nodes gets (layout.h).
#include "heapview/layout.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace locus::heapview::detail {

namespace {

const Slot *slotOf(const Node &n, const std::string &name) {
  for (const Slot &s : n.slots)
    if (s.name == name)
      return &s;
  return nullptr;
}

/// The target of slot `name` of `n` (0: null or no such slot).
uint32_t targetOf(const Node &n, const std::string &name) {
  const Slot *s = slotOf(n, name);
  return s ? s->target() : 0;
}

/// One group of nodes with the graph, for the classification.
struct Group {
  const Graph &g;
  std::vector<uint32_t> ids; ///< by id
  std::set<uint32_t> in;
  const Node &node(uint32_t id) const { return *g.find(id); }
  bool has(uint32_t id) const { return in.count(id) != 0; }
  /// The record's reference fields that point to its own record type (all nodes of a group that gets a
  /// list or tree drawing have the same record type).
  std::vector<std::string> selfFields;
};

/// `first`: the node a chain starts at when every node has a predecessor (a cycle): the one the first root
/// points to, else the smallest id.
uint32_t firstOfCycle(const Group &gr) {
  for (const Root &r : gr.g.roots)
    if (r.type.isHeapRef() && r.value.kind == ir::Type::Ref && gr.has(r.value.node))
      return r.value.node;
  return gr.ids.front();
}

bool tryList(const Group &gr, const std::string &f, Component &c) {
  std::map<uint32_t, int> indeg;
  for (uint32_t id : gr.ids)
    if (uint32_t t = targetOf(gr.node(id), f); gr.has(t))
      ++indeg[t];
  std::vector<uint32_t> starts;
  for (uint32_t id : gr.ids)
    if (!indeg.count(id))
      starts.push_back(id);
  if (starts.size() > 1)
    return false;
  uint32_t s = starts.empty() ? firstOfCycle(gr) : starts.front();
  std::vector<uint32_t> path;
  std::set<uint32_t> seen;
  uint32_t cur = s;
  while (gr.has(cur) && !seen.count(cur)) {
    seen.insert(cur);
    path.push_back(cur);
    cur = targetOf(gr.node(cur), f);
  }
  if (path.size() != gr.ids.size())
    return false;
  c = Component{};
  c.kind = Component::List;
  c.nodes = path;
  c.next = f;
  c.end = targetOf(gr.node(path.back()), f);
  for (uint32_t id : path)
    c.drawn.insert({id, f});
  // the back field: the one mirroring `f` most often
  size_t best = 0;
  for (const std::string &b : gr.selfFields) {
    if (b == f)
      continue;
    size_t m = 0;
    for (size_t i = 1; i < path.size(); ++i)
      m += targetOf(gr.node(path[i]), b) == path[i - 1];
    if (gr.has(c.end) && targetOf(gr.node(c.end), b) == path.back())
      ++m;
    if (m > best) {
      best = m;
      c.back = b;
    }
  }
  if (c.back.empty())
    return true;
  const std::string &b = c.back;
  for (size_t i = 1; i < path.size(); ++i)
    if (targetOf(gr.node(path[i]), b) == path[i - 1]) {
      c.drawn.insert({path[i], b});
      c.mirrored.insert({path[i], b});
    }
  const Node &head = gr.node(path.front());
  if (gr.has(c.end) && targetOf(gr.node(c.end), b) == path.back() && !c.drawn.count({c.end, b})) {
    c.closingBack = true;
    c.drawn.insert({c.end, b});
    c.mirrored.insert({c.end, b});
  }
  if (slotOf(head, b) && targetOf(head, b) == 0 && !c.drawn.count({head.id, b})) {
    c.nullBack = true;
    c.drawn.insert({head.id, b});
  }
  return true;
}

/// The children of `id` through `l` and `r` inside the group (0: none).
std::pair<uint32_t, uint32_t> kids(const Group &gr, uint32_t id, const std::string &l, const std::string &r) {
  uint32_t a = targetOf(gr.node(id), l), b = targetOf(gr.node(id), r);
  return {gr.has(a) ? a : 0, gr.has(b) ? b : 0};
}

bool tryTree(const Group &gr, const std::string &l, const std::string &r, bool needBranch, Component &c) {
  std::map<uint32_t, int> indeg;
  bool branch = false;
  for (uint32_t id : gr.ids) {
    auto [a, b] = kids(gr, id, l, r);
    if (a)
      ++indeg[a];
    if (b)
      ++indeg[b];
    branch = branch || (a && b);
  }
  if (needBranch && !branch)
    return false;
  std::vector<uint32_t> roots;
  for (uint32_t id : gr.ids) {
    if (indeg[id] > 1)
      return false;
    if (!indeg[id])
      roots.push_back(id);
  }
  if (roots.size() != 1)
    return false;
  // pre-order from the root (explicit stack); a cycle cannot reach every node with in-degrees ≤ 1
  std::vector<uint32_t> order, stack{roots.front()};
  std::map<uint32_t, uint32_t> parentOf;
  while (!stack.empty()) {
    uint32_t id = stack.back();
    stack.pop_back();
    order.push_back(id);
    auto [a, b] = kids(gr, id, l, r);
    for (uint32_t k : {b, a})
      if (k) {
        parentOf[k] = id;
        stack.push_back(k);
      }
  }
  if (order.size() != gr.ids.size())
    return false;
  c = Component{};
  c.kind = Component::Tree;
  c.nodes = order;
  c.left = l;
  c.right = r;
  for (uint32_t id : order) // a branch inside the group is drawn; a null one is drawn as its absence
    for (const std::string &f : {l, r})
      if (uint32_t t = targetOf(gr.node(id), f); t == 0 || gr.has(t))
        c.drawn.insert({id, f});
  auto mirrors = [&](uint32_t id, const std::string &p) {
    auto it = parentOf.find(id);
    return slotOf(gr.node(id), p) && targetOf(gr.node(id), p) == (it == parentOf.end() ? 0 : it->second);
  };
  size_t best = 0;
  for (const std::string &p : gr.selfFields) {
    if (p == l || p == r)
      continue;
    size_t m = 0;
    for (uint32_t id : order)
      m += mirrors(id, p);
    if (m > best) {
      best = m;
      c.parent = p;
    }
  }
  if (!c.parent.empty())
    for (uint32_t id : order)
      if (mirrors(id, c.parent)) {
        c.drawn.insert({id, c.parent});
        c.mirrored.insert({id, c.parent});
        c.parentNote = true;
      }
  return true;
}

Component classify(const Group &gr) {
  Component c;
  const Node &first = gr.node(gr.ids.front());
  bool sameRecord = std::all_of(gr.ids.begin(), gr.ids.end(), [&](uint32_t id) {
    const Node &n = gr.node(id);
    return !n.array && n.record == first.record;
  });
  if (sameRecord && !gr.selfFields.empty()) {
    const std::vector<std::string> &fs = gr.selfFields;
    for (size_t i = 0; i < fs.size(); ++i)
      for (size_t j = i + 1; j < fs.size(); ++j)
        if (tryTree(gr, fs[i], fs[j], true, c))
          return c;
    for (const std::string &f : fs)
      if (tryList(gr, f, c))
        return c;
    for (size_t i = 0; i < fs.size(); ++i)
      for (size_t j = i + 1; j < fs.size(); ++j)
        if (tryTree(gr, fs[i], fs[j], false, c))
          return c;
  }
  c = Component{};
  c.nodes = gr.ids;
  return c;
}

} // namespace

std::vector<Component> components(const Graph &g) {
  // union-find over the drawn nodes' indices
  std::vector<size_t> up(g.nodes.size());
  std::iota(up.begin(), up.end(), 0);
  auto findSet = [&](size_t x) {
    while (up[x] != x)
      x = up[x] = up[up[x]];
    return x;
  };
  std::map<uint32_t, size_t> index;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    index[g.nodes[i].id] = i;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    for (const Slot &s : g.nodes[i].slots)
      if (auto it = index.find(s.target()); it != index.end())
        up[findSet(i)] = findSet(it->second);
  std::map<size_t, std::vector<uint32_t>> sets;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    sets[findSet(i)].push_back(g.nodes[i].id);
  // order: the first root reaching the group, then the smallest id
  std::vector<std::pair<std::pair<size_t, uint32_t>, std::vector<uint32_t>>> keyed;
  for (auto &[rep, ids] : sets) {
    size_t firstRoot = g.roots.size();
    for (size_t r = 0; r < g.roots.size() && firstRoot == g.roots.size(); ++r)
      for (uint32_t id : ids)
        if (g.roots[r].type.isHeapRef() && g.roots[r].value.kind == ir::Type::Ref &&
            g.roots[r].value.node == id)
          firstRoot = r;
    keyed.push_back({{firstRoot, ids.front()}, ids});
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<Component> out;
  for (auto &[key, ids] : keyed) {
    Group gr{g, ids, std::set<uint32_t>(ids.begin(), ids.end()), {}};
    const Node &n = gr.node(ids.front());
    if (!n.array)
      for (const Slot &s : n.slots)
        if (s.type.kind == ir::Type::Ref && s.type.record == n.record)
          gr.selfFields.push_back(s.name);
    out.push_back(classify(gr));
  }
  return out;
}

} // namespace locus::heapview::detail
