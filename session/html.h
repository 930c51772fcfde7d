// The HTML report of `verify`, `localize` and `repair` (`--html FILE`): one self-contained page (inline CSS
// and SVG, no script, nothing fetched) with the answer, the source with line numbers, the suspicious lines
// shaded by rank per method, the failing run's trace, the heap pictures and each repair's diff.
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"
#include "ir/source.h"
#include "repair/fix/fix.h"
#include "repair/localize/localize.h"
#include "session/render.h"

#include <string>
#include <utility>
#include <vector>

namespace locus::render {

/// One repair of the page: the repair and which specification it satisfies (`locus repair`'s text).
struct HtmlRepair {
  const fix::Repair *repair = nullptr;
  std::string satisfies;
};

/// What a report shows; every part but the source may be missing.
struct HtmlReport {
  HtmlReport(std::string command, std::string file, const SourceManager &sm, const ir::Program &prog,
             uint32_t entry, std::string answer)
      : command(std::move(command)), file(std::move(file)), sm(sm), prog(prog), entry(entry),
        answer(std::move(answer)) {}
  std::string command; ///< verify, localize or repair
  std::string file;    ///< as given on the command line
  const SourceManager &sm;
  const ir::Program &prog;
  uint32_t entry = ir::kNone; ///< the procedure the failing run ran
  std::string answer;         ///< the command's answer as text (shown as written)
  /// The failing run: its trace, its failing state's heap and the line it failed at (nullptr: none).
  const ir::Outcome *failing = nullptr;
  SourceLoc failedAt; ///< where the failing check is (invalid: the failing run's location)
  /// The counterexample's inputs: the entry's arguments and the input nodes (n1, n2, …) they point to.
  const std::vector<ir::Value> *inputArgs = nullptr;
  const std::vector<ir::HeapNode> *inputHeap = nullptr;
  std::vector<const localize::Result *> localizations; ///< one column of ranks per method
  std::vector<HtmlRepair> repairs;
  size_t traceLimit = 1000; ///< the trace's last steps shown
};

/// The page. Every text from the program, its file names and the answers is escaped; the heap drawings are
/// Graphviz's SVG (heapview::renderSvg), each drawn as text instead, with the reason, when `dot` fails.
std::string htmlReport(const HtmlReport &r);

/// The page of `verify --html`: the answer's text, the source, and a counterexample's trace, failing line and
/// heaps.
std::string verifyHtml(const VerifyView &v, const encoder::VerifyResult &r);
/// The page of `localize --html`: the failures, each method's answer and its ranks beside the source (with
/// `all` the consensus too), the failing run's trace and heaps.
std::string localizeHtml(const LocalizeView &v, const std::vector<localize::Result> &results, bool all);

/// The page of `repair --html`: the failure and the verdict (as printRepairVerdict's arguments say), each
/// repair's diff, the failing run's trace and heaps.
std::string repairHtml(const std::string &file, const fix::Problem &problem, const fix::Result &r,
                       const std::string &out, const std::string &entry, const std::string &underTest);

/// `text` with `& < > " '` replaced by their character references.
std::string htmlEscape(std::string_view text);

} // namespace locus::render
