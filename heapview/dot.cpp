// The Graphviz DOT drawing of a heap graph (render.h: renderDot).
#include "heapview/layout.h"
#include "heapview/render.h"

#include <sstream>

namespace locus::heapview {

namespace {

/// Text inside a record label: the characters records give a meaning to are escaped.
std::string recordEscape(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '{' || c == '}' || c == '|' || c == '<' || c == '>' || c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

/// A double-quoted DOT string.
std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// A port name for a slot: `f_next`, `e_3` (ports must be plain identifiers).
std::string port(const Node &n, const Slot &s) {
  return (n.array ? "e_" : "f_") + s.name;
}

const char *kRed = "red";

} // namespace

std::string renderDot(const Graph &g, const Changes *ch, const std::string &name) {
  std::vector<detail::Component> comps = detail::components(g);
  bool lists = false, trees = false;
  std::set<std::pair<uint32_t, std::string>> mirrored;
  std::set<uint32_t> inTree;
  for (const detail::Component &c : comps) {
    lists = lists || c.kind != detail::Component::Tree;
    trees = trees || c.kind == detail::Component::Tree;
    mirrored.insert(c.mirrored.begin(), c.mirrored.end());
    if (c.kind == detail::Component::Tree)
      inTree.insert(c.nodes.begin(), c.nodes.end());
  }
  bool topDown = trees && !lists;
  std::ostringstream os;
  os << "digraph " << quote(name) << " {\n";
  os << "  rankdir=" << (topDown ? "TB" : "LR") << ";\n";
  os << "  ordering=out;\n";
  os << "  node [shape=record, fontname=\"monospace\", fontsize=10];\n";
  os << "  edge [fontname=\"monospace\", fontsize=9];\n";
  // the roots: plaintext; a reference to a drawn node gets an arrow
  for (size_t i = 0; i < g.roots.size(); ++i) {
    const Root &r = g.roots[i];
    bool changed = ch && ch->root(r.name);
    bool arrow = r.type.isHeapRef() && r.value.kind == ir::Type::Ref && g.find(r.value.node);
    std::string label = arrow ? r.name : r.name + " = " + ir::toString(r.value);
    os << "  v" << i << " [shape=plaintext, label=" << quote(label + (changed ? " *" : ""))
       << (changed ? ", fontcolor=red" : "") << "];\n";
    if (arrow)
      os << "  v" << i << " -> n" << r.value.node << ":h" << (changed ? " [color=red]" : "") << ";\n";
  }
  for (const Node &n : g.nodes) {
    bool isNew = ch && ch->isNew(n.id);
    bool anyChange = isNew;
    std::string label = "<h> " + recordEscape(n.name() + ": " + n.type);
    for (const Slot &s : n.slots) {
      bool changed = ch && ch->slot(n.id, s.name);
      anyChange = anyChange || changed;
      std::string text = n.array ? (n.others.empty() ? "" : s.name + ": ") : s.name;
      if (!s.isRef() || !s.value)
        text += (n.array ? "" : " = ") + (s.value ? ir::toString(*s.value) : std::string("?"));
      else if (n.array && s.target() == 0)
        text += "null";
      else if (n.array)
        text += "•";
      label += "|<" + port(n, s) + "> " + recordEscape(text + (changed ? " *" : ""));
    }
    if (n.moreKnown)
      label += "|" + recordEscape("… " + std::to_string(n.moreKnown) + " more");
    if (!n.others.empty())
      label += "|" + recordEscape("others: " + n.others);
    os << "  n" << n.id << " [label=" << quote(label);
    if (anyChange)
      os << ", color=" << kRed;
    if (isNew)
      os << ", penwidth=2";
    os << "];\n";
    for (const Slot &s : n.slots) {
      if (!s.isRef() || !s.value)
        continue;
      bool changed = ch && ch->slot(n.id, s.name);
      // a tree's branches leave their cell downwards and enter the child's name from above
      bool down = topDown && inTree.count(n.id), back = mirrored.count({n.id, s.name}) != 0;
      std::string from = "n" + std::to_string(n.id) + ":" + port(n, s) + (down ? (back ? ":n" : ":s") : "");
      std::vector<std::string> attrs;
      if (mirrored.count({n.id, s.name})) // a back link: no effect on the ranks, drawn lighter
        attrs.insert(attrs.end(), {"constraint=false", "style=dashed"});
      if (changed)
        attrs.push_back("color=red");
      else if (mirrored.count({n.id, s.name}))
        attrs.push_back("color=gray50");
      uint32_t t = s.target();
      std::string to;
      if (t == 0) {
        to = "null_" + std::to_string(n.id) + "_" + s.name;
        os << "  " << to << " [shape=point, width=0.06];\n";
      } else if (g.find(t)) {
        to = "n" + std::to_string(t) + ":h" + (down ? (back ? ":s" : ":n") : "");
      } else {
        to = "more_n" + std::to_string(t);
        os << "  " << to << " [shape=plaintext, label=" << quote("n" + std::to_string(t) + " …") << "];\n";
      }
      os << "  " << from << " -> " << to;
      if (!attrs.empty()) {
        os << " [";
        for (size_t k = 0; k < attrs.size(); ++k)
          os << (k ? ", " : "") << attrs[k];
        os << "]";
      }
      os << ";\n";
    }
  }
  if (g.omitted)
    os << "  omitted [shape=plaintext, label="
       << quote("… and " + std::to_string(g.omitted) + " more node" + (g.omitted == 1 ? "" : "s")) << "];\n";
  os << "}\n";
  return os.str();
}

} // namespace locus::heapview
