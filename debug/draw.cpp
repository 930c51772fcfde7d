// The heap picture of a paused run (debug/draw.h).
#include "debug/draw.h"

#include "heapview/graph.h"
#include "heapview/render.h"

#include <optional>

namespace locus::debug {

namespace {

struct Drawn {
  heapview::Graph graph;
  std::optional<heapview::Changes> changes;
};

Drawn drawn(const ir::Program &prog, const ir::State &st, uint32_t entry, const ir::State *before) {
  Drawn d;
  d.graph = heapview::build(prog, heapview::rootsOf(prog, st, false, entry), st.heap);
  if (before)
    d.changes = heapview::diff(
        heapview::build(prog, heapview::rootsOf(prog, *before, false, entry), before->heap), d.graph);
  return d;
}

} // namespace

std::string drawText(const ir::Program &prog, const ir::State &st, uint32_t entry, const ir::State *before) {
  Drawn d = drawn(prog, st, entry, before);
  return heapview::renderText(d.graph, d.changes ? &*d.changes : nullptr);
}

std::string drawDot(const ir::Program &prog, const ir::State &st, uint32_t entry, const ir::State *before) {
  Drawn d = drawn(prog, st, entry, before);
  return heapview::renderDot(d.graph, d.changes ? &*d.changes : nullptr);
}

} // namespace locus::debug
