// The heap drawing options of `run` and `verify` (--heap, --heap-dot, --heap-svg); the drawing is heapview's.
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <CLI/CLI.hpp>

#include <string>

namespace locus::tools {

struct HeapFlags {
  bool text = false;   ///< --heap: print the drawing after the outcome
  std::string dotFile; ///< --heap-dot FILE
  std::string svgFile; ///< --heap-svg FILE
};

/// Adds `--heap-dot FILE` and `--heap-svg FILE`, and with `withText` the `--heap` flag; `what` names the
/// state drawn in the help ("the final (or failing) state").
void addHeapOptions(CLI::App *cmd, HeapFlags &f, bool withText, const std::string &what);

/// Writes the files the flags ask for, drawing the heap of `st` reachable from the variables in scope
/// (heapview::rootsOf; `entry` when the state has no frames); a file that cannot be written or an SVG that
/// graphviz's `dot` cannot make is a usage error (report::usageError). Returns the text drawing (width
/// `width`) when `--heap` was given, else "".
std::string writeHeap(const HeapFlags &f, const ir::Program &prog, const ir::State &st, uint32_t entry,
                      unsigned width = 80);

} // namespace locus::tools
