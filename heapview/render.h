// Drawings of a heap graph (graph.h): terminal text, Graphviz DOT, and SVG through Graphviz's `dot`.
// docs/heap.md describes what the drawings show; heapview/README.md the layout rules.
#pragma once

#include "heapview/graph.h"

#include <string>

namespace locus::heapview {

struct TextOptions {
  unsigned width = 80; ///< columns the drawing should fit (a single node wider than this still prints)
  bool ascii = false;  ///< plain ASCII: `->`, `<->`, `<-`, `v` and `.-'-.` instead of box-drawing arrows
};

/// The graph as text for a terminal: a `variables:` line (the roots not drawn as labels), then each group
/// of linked nodes — a list left to right, a tree top-down, anything else one line per node — then
/// `… and N more nodes`, the key of the arrows used and, with `changes`, what changed (also marked `*`).
/// Every root and every field of every drawn node is visible somewhere in the text.
std::string renderText(const Graph &g, const Changes *changes = nullptr, const TextOptions &opts = {});

/// The graph as Graphviz DOT: record-shaped nodes with a port per field, the roots as plaintext nodes with
/// arrows, null as a small point, `rankdir=LR` when lists are drawn (top-down when there are only trees,
/// children in left/right order); changed items red. Deterministic (nodes by id, fields in order).
/// `name`: the graph's name (`digraph "heap" {`).
std::string renderDot(const Graph &g, const Changes *changes = nullptr, const std::string &name = "heap");

/// Runs Graphviz's `dot -Tsvg` on `dot` (found on PATH, no shell): true and `svg` set, or false and `error`
/// says why (`dot` not installed, its exit status and message, or `timeoutSeconds` passed: it is killed).
bool renderSvg(const std::string &dot, std::string &svg, std::string &error, unsigned timeoutSeconds = 60);

} // namespace locus::heapview
