// The heap drawing options of `run` and `verify` (heap_output.h).
#include "tools/heap_output.h"

#include "heapview/graph.h"
#include "heapview/render.h"
#include "tools/options.h"
#include "tools/report.h"

namespace locus::tools {

void addHeapOptions(CLI::App *cmd, HeapFlags &f, bool withText, const std::string &what) {
  if (withText)
    cmd->add_flag("--heap", f.text,
                  "after the outcome, draw the heap the variables in scope reach: lists, trees, nodes "
                  "(docs/heap.md)");
  cmd->add_option("--heap-dot", f.dotFile, "write " + what + "'s heap drawing as Graphviz DOT to this file");
  cmd->add_option("--heap-svg", f.svgFile,
                  "write " + what + "'s heap drawing as SVG to this file (runs graphviz's `dot`)");
}

std::string writeHeap(const HeapFlags &f, const ir::Program &prog, const ir::State &st, uint32_t entry,
                      unsigned width) {
  if (!f.text && f.dotFile.empty() && f.svgFile.empty())
    return "";
  heapview::Graph g = heapview::build(prog, heapview::rootsOf(prog, st, false, entry), st.heap);
  if (!f.dotFile.empty() || !f.svgFile.empty()) {
    std::string dot = heapview::renderDot(g);
    if (!f.dotFile.empty())
      writeOptionFile("--heap-dot", f.dotFile, dot);
    if (!f.svgFile.empty()) {
      std::string svg, error;
      if (!heapview::renderSvg(dot, svg, error))
        report::usageError("--heap-svg: " + error);
      writeOptionFile("--heap-svg", f.svgFile, svg);
    }
  }
  return f.text ? heapview::renderText(g, nullptr, heapview::TextOptions{width, false}) : "";
}

} // namespace locus::tools
