// The HTML report (html.h).
#include "session/html.h"

#include "heapview/graph.h"
#include "heapview/render.h"
#include "ir/printer.h"
#include "session/localize.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace locus::render {

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&#39;"; break;
    default: out += c;
    }
  }
  return out;
}

namespace {

const char *kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 0 1em 3em; color: #222; }
h1 { font-size: 1.4em; margin: 1em 0 0.3em; }
h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; margin-top: 1.5em; }
h3 { font-size: 1em; margin: 1em 0 0.3em; }
nav a { margin-right: 1em; }
pre, code { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre.answer { background: #f6f6f6; padding: 0.6em; overflow-x: auto; }
div.scroll { overflow-x: auto; }
table.source { border-collapse: collapse; width: 100%; }
table.source td { padding: 0 0.4em; vertical-align: top; }
table.source td.ln { text-align: right; color: #888; user-select: none; }
table.source td.ln a { color: inherit; text-decoration: none; }
table.source td.rank { text-align: center; min-width: 3em; font-size: 0.85em; }
table.source th { font-weight: normal; font-size: 0.85em; color: #555; text-align: center; }
table.source td.code { width: 100%; white-space: pre; font-family: ui-monospace, monospace; font-size: 0.9em; }
tr.ran td.ln { border-left: 3px solid #6a9fd8; }
tr.failed td.code { outline: 2px solid #c00; }
tr:target td { box-shadow: inset 0 0 0 1px #333; }
ol.trace { font-family: ui-monospace, monospace; font-size: 0.85em; padding-left: 3em; }
ol.trace .written { color: #666; }
table.ranking { border-collapse: collapse; }
table.ranking td, table.ranking th { padding: 0.1em 0.6em; text-align: left; }
figure { display: inline-block; vertical-align: top; margin: 0.5em 1.5em 0.5em 0; }
figure svg { max-width: 100%; height: auto; }
pre.diff { background: #f6f6f6; padding: 0.6em; overflow-x: auto; }
pre.diff .add { background: #dfd; }
pre.diff .del { background: #fdd; }
pre.diff .hunk { color: #06c; }
pre.diff .head { font-weight: bold; }
.note { color: #666; }
)";

/// The shade of a line of rank `rank` among ranks up to `worst`: rank 1 the darkest red, the worst the
/// lightest.
std::string shade(uint32_t rank, uint32_t worst) {
  double t = worst > 1 ? static_cast<double>(rank - 1) / (worst - 1) : 0.0;
  char buf[48];
  std::snprintf(buf, sizeof buf, "background:hsl(8,90%%,%d%%)", static_cast<int>(60 + 32 * t));
  return buf;
}

/// An id made of the letters, digits and dashes of `s`.
std::string idPart(const std::string &s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

std::string lineId(uint32_t file, uint32_t line) {
  return "f" + std::to_string(file) + "-L" + std::to_string(line);
}

/// The lines of `text` (the last one without a newline counts when it is not empty).
std::vector<std::string_view> linesOf(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view l = text.substr(start, end - start);
    if (!l.empty() && l.back() == '\r')
      l.remove_suffix(1);
    lines.push_back(l);
    start = end + 1;
  }
  return lines;
}

/// Graphviz's SVG made fit for an HTML page: from its `<svg` element on (no XML declaration or DOCTYPE),
/// every element id prefixed with `prefix` (two drawings on one page both have `node1`).
std::string inlineSvg(const std::string &svg, const std::string &prefix) {
  size_t at = svg.find("<svg");
  std::string body = at == std::string::npos ? svg : svg.substr(at);
  std::string out;
  out.reserve(body.size() + 256);
  const std::string idAttr = " id=\"";
  for (size_t k = 0; k < body.size();) {
    if (body.compare(k, idAttr.size(), idAttr) == 0) {
      out += idAttr + prefix;
      k += idAttr.size();
    } else {
      out += body[k++];
    }
  }
  return out;
}

/// A heap drawing as a figure: SVG, or the text drawing when `dot` fails (with the reason).
std::string heapFigure(const ir::Program &prog, const std::vector<heapview::Root> &roots,
                       const std::vector<ir::HeapNode> &heap, const std::string &id,
                       const std::string &caption) {
  heapview::Graph g = heapview::build(prog, roots, heap);
  std::ostringstream os;
  os << "<figure id=\"" << id << "\" class=\"heap\"><figcaption>" << htmlEscape(caption) << "</figcaption>\n";
  if (g.nodes.empty()) {
    os << "<p class=\"note\">no heap node is reachable from the variables</p>\n";
  } else {
    std::string dot = heapview::renderDot(g), svg, error;
    if (heapview::renderSvg(dot, svg, error))
      os << inlineSvg(svg, id + "-") << "\n";
    else
      os << "<p class=\"note\">no picture: " << htmlEscape(error) << "</p>\n<pre>"
         << htmlEscape(heapview::renderText(g)) << "</pre>\n";
  }
  os << "</figure>\n";
  return os.str();
}

/// The program files the page shows: the file given, then every other file a line of the page refers to.
class Files {
public:
  explicit Files(const HtmlReport &r) : r_(r) {
    for (uint32_t k = 0; k < r.prog.files.size(); ++k)
      if (r.prog.files[k] == r.file)
        add(k);
    if (order_.empty() && !r.prog.files.empty())
      add(0);
  }
  /// Adds the file of `loc` when its text is known; true when its lines are shown.
  bool add(SourceLoc loc) { return loc.valid() && add(loc.file); }
  bool shown(uint32_t file) const { return sm_.count(file) != 0; }
  const std::vector<uint32_t> &order() const { return order_; }
  uint32_t smIndex(uint32_t file) const { return sm_.at(file); }

private:
  bool add(uint32_t file) {
    if (shown(file))
      return true;
    if (file >= r_.prog.files.size())
      return false;
    std::optional<uint32_t> f = r_.sm.find(r_.prog.files[file]);
    if (!f)
      return false;
    sm_[file] = *f;
    order_.push_back(file);
    return true;
  }
  const HtmlReport &r_;
  std::map<uint32_t, uint32_t> sm_; ///< program file → source manager file
  std::vector<uint32_t> order_;
};

/// `file:line:col` linked to its line when the line is shown.
std::string locLink(const ir::Program &prog, const Files &files, SourceLoc loc) {
  std::string text = htmlEscape(ir::formatLoc(prog, loc));
  if (!loc.valid() || !files.shown(loc.file))
    return text;
  return "<a href=\"#" + lineId(loc.file, loc.line) + "\">" + text + "</a>";
}

struct Rank {
  uint32_t rank = 0;
  uint32_t worst = 0;
};

void sourceSection(std::ostringstream &os, const HtmlReport &r, const Files &files,
                   const std::vector<std::map<std::pair<uint32_t, uint32_t>, Rank>> &ranks,
                   const std::set<std::pair<uint32_t, uint32_t>> &ran, SourceLoc failedAt) {
  os << "<section id=\"source\">\n<h2>Source</h2>\n";
  if (!ranks.empty())
    os << "<p class=\"note\">The suspicious lines are shaded by rank, one column per method (darkest: rank "
          "1).</p>\n";
  for (uint32_t file : files.order()) {
    std::string name = r.prog.files[file];
    os << "<h3 id=\"file-" << file << "\">" << htmlEscape(name)
       << "</h3>\n<div class=\"scroll\">\n<table class=\"source\">\n<tr><th>line</th>";
    for (const localize::Result *m : r.localizations)
      os << "<th>" << htmlEscape(m->method) << "</th>";
    os << "<th></th></tr>\n";
    std::vector<std::string_view> lines = linesOf(r.sm.text(files.smIndex(file)));
    for (uint32_t ln = 1; ln <= lines.size(); ++ln) {
      auto key = std::make_pair(file, ln);
      std::string cls = "line";
      if (ran.count(key))
        cls += " ran";
      if (failedAt.valid() && failedAt.file == file && failedAt.line == ln)
        cls += " failed";
      std::string best; // the code's shade: the line's best rank relative to its method's worst
      double bestT = 2;
      std::ostringstream cells;
      for (size_t c = 0; c < ranks.size(); ++c) {
        const auto &m = ranks[c];
        auto it = m.find(key);
        if (it == m.end()) {
          cells << "<td class=\"rank\"></td>";
          continue;
        }
        const Rank &k = it->second;
        double t = k.worst > 1 ? static_cast<double>(k.rank - 1) / (k.worst - 1) : 0.0;
        if (t < bestT) {
          bestT = t;
          best = shade(k.rank, k.worst);
        }
        cells << "<td class=\"rank\" data-method=\"" << htmlEscape(r.localizations[c]->method)
              << "\" data-rank=\"" << k.rank << "\" style=\"" << shade(k.rank, k.worst) << "\">" << k.rank
              << "</td>";
      }
      if (!best.empty())
        cls += " suspicious";
      std::string id = lineId(file, ln);
      os << "<tr id=\"" << id << "\" class=\"" << cls << "\"><td class=\"ln\"><a href=\"#" << id << "\">"
         << ln << "</a></td>" << cells.str() << "<td class=\"code\""
         << (best.empty() ? "" : " style=\"" + best + "\"") << ">" << htmlEscape(lines[ln - 1])
         << "</td></tr>\n";
    }
    os << "</table>\n</div>\n";
  }
  os << "</section>\n";
}

void traceSection(std::ostringstream &os, const HtmlReport &r, const Files &files) {
  const ir::Outcome &o = *r.failing;
  const ir::StmtIndex index(r.prog);
  os << "<section id=\"trace\">\n<h2>Failing run</h2>\n<p>outcome: " << htmlEscape(ir::outcomeName(o.kind));
  if (o.kind == ir::OutcomeKind::Failure)
    os << " (" << htmlEscape(ir::failureName(o.failure)) << ")";
  if (o.loc.valid())
    os << " at " << locLink(r.prog, files, o.loc);
  if (!o.message.empty())
    os << ": " << htmlEscape(o.message);
  os << "</p>\n";
  size_t n = o.trace.size();
  size_t from = n > r.traceLimit ? n - r.traceLimit : 0;
  uint64_t dropped = from + o.traceDropped;
  if (dropped)
    os << "<p class=\"note\">the first " << dropped << " of " << n + o.traceDropped
       << " steps are not shown</p>\n";
  os << "<ol class=\"trace\" start=\"" << dropped + 1 << "\">\n";
  for (size_t i = from; i < n; ++i) {
    const ir::TraceStep &t = o.trace[i];
    const ir::Stmt *s = t.proc < r.prog.procs.size() ? index.find(t.stmt) : nullptr;
    os << "<li style=\"margin-left:" << 1.5 * std::min<uint32_t>(t.depth, 10) << "em\">";
    if (s)
      os << locLink(r.prog, files, s->loc) << " <code>"
         << htmlEscape(ir::toString(r.prog, r.prog.procs[t.proc], *s)) << "</code>";
    else
      os << "#" << t.stmt;
    if (t.written)
      os << " <span class=\"written\">; " << htmlEscape(*t.written) << "</span>";
    os << "</li>\n";
  }
  os << "</ol>\n</section>\n";
}

void localizationSection(std::ostringstream &os, const HtmlReport &r, const Files &files) {
  os << "<section id=\"localization\">\n<h2>Rankings</h2>\n";
  for (const localize::Result *m : r.localizations) {
    os << "<section class=\"method\" id=\"method-" << idPart(m->method) << "\">\n<h3>"
       << htmlEscape(m->method) << ": " << htmlEscape(localize::statusName(m->status)) << "</h3>\n";
    if (!m->message.empty())
      os << "<p>" << htmlEscape(m->message) << "</p>\n";
    if (m->ranking.empty()) {
      os << "<p class=\"note\">" << htmlEscape(m->noBlame.empty() ? "no statement blamed" : m->noBlame)
         << "</p>\n</section>\n";
      continue;
    }
    os << "<table class=\"ranking\">\n<tr><th>rank</th><th>line</th><th>source</th><th>evidence</th></tr>\n";
    for (const localize::Suspect &s : m->ranking) {
      std::string text;
      if (files.shown(s.loc.file))
        text = std::string(r.sm.lineText(files.smIndex(s.loc.file), s.loc.line));
      size_t b = text.find_first_not_of(" \t");
      text = b == std::string::npos ? "" : text.substr(b);
      os << "<tr><td>" << s.rank << "</td><td>" << locLink(r.prog, files, s.loc) << "</td><td><code>"
         << htmlEscape(text) << "</code></td><td>" << htmlEscape(s.evidence) << "</td></tr>\n";
    }
    os << "</table>\n</section>\n";
  }
  os << "</section>\n";
}

void diffLines(std::ostringstream &os, const std::string &diff) {
  os << "<pre class=\"diff\">";
  for (std::string_view l : linesOf(diff)) {
    const char *cls = l.rfind("+++", 0) == 0 || l.rfind("---", 0) == 0 ? "head"
                      : l.rfind("@@", 0) == 0                          ? "hunk"
                      : l.rfind("+", 0) == 0                           ? "add"
                      : l.rfind("-", 0) == 0                           ? "del"
                                                                       : "ctx";
    os << "<span class=\"" << cls << "\">" << htmlEscape(l) << "</span>\n";
  }
  os << "</pre>\n";
}

void repairSection(std::ostringstream &os, const HtmlReport &r) {
  os << "<section id=\"repairs\">\n<h2>Repairs</h2>\n";
  for (size_t k = 0; k < r.repairs.size(); ++k) {
    const fix::Repair &x = *r.repairs[k].repair;
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f", x.seconds);
    os << "<article class=\"repair\" id=\"repair-" << k + 1 << "\">\n<h3>repair " << k + 1 << " (" << x.size
       << " change" << (x.size == 1 ? "" : "s") << ", found after " << secs << " s)</h3>\n";
    if (!r.repairs[k].satisfies.empty())
      os << "<p>" << htmlEscape(r.repairs[k].satisfies) << "</p>\n";
    if (!x.changes.empty()) {
      os << "<ul class=\"changes\">\n";
      for (const std::string &c : x.changes)
        os << "<li>" << htmlEscape(c) << "</li>\n";
      os << "</ul>\n";
    }
    diffLines(os, x.patch.diff);
    os << "</article>\n";
  }
  os << "</section>\n";
}

} // namespace

std::string htmlReport(const HtmlReport &r) {
  const ir::Program &prog = r.prog;
  Files files(r);
  const ir::StmtIndex index(prog);
  SourceLoc failedAt = r.failedAt.valid() ? r.failedAt : r.failing ? r.failing->loc : SourceLoc{};
  files.add(failedAt);
  if (r.failing)
    files.add(r.failing->loc);

  // the lines the failing run ran (those of the trace shown) and each method's ranks
  std::set<std::pair<uint32_t, uint32_t>> ran;
  if (r.failing) {
    const std::vector<ir::TraceStep> &trace = r.failing->trace;
    for (size_t i = trace.size() > r.traceLimit ? trace.size() - r.traceLimit : 0; i < trace.size(); ++i)
      if (const ir::Stmt *s = index.find(trace[i].stmt); s && files.add(s->loc))
        ran.insert({s->loc.file, s->loc.line});
  }
  std::vector<std::map<std::pair<uint32_t, uint32_t>, Rank>> ranks;
  for (const localize::Result *m : r.localizations) {
    auto &column = ranks.emplace_back();
    uint32_t worst = 0;
    for (const localize::Suspect &s : m->ranking)
      worst = std::max(worst, s.rank);
    for (const localize::Suspect &s : m->ranking)
      if (files.add(s.loc))
        column[{s.loc.file, s.loc.line}] = Rank{s.rank, worst};
  }

  std::ostringstream os;
  std::string title = "locus " + r.command + " " + r.file;
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << htmlEscape(title)
     << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<header>\n<h1>" << htmlEscape(title)
     << "</h1>\n<nav><a href=\"#answer\">answer</a>";
  if (!r.repairs.empty())
    os << "<a href=\"#repairs\">repairs</a>";
  os << "<a href=\"#source\">source</a>";
  if (r.failing)
    os << "<a href=\"#trace\">failing run</a><a href=\"#heap\">heap</a>";
  if (!r.localizations.empty())
    os << "<a href=\"#localization\">rankings</a>";
  os << "</nav>\n</header>\n";
  // a long answer (every method's) starts folded: the source and its shading say it again
  size_t answerLines = std::count(r.answer.begin(), r.answer.end(), '\n');
  os << "<section id=\"answer\">\n<h2>Answer</h2>\n<details" << (answerLines > 40 ? "" : " open")
     << "><summary>the answer as the command prints it (" << answerLines
     << " lines)</summary>\n<pre class=\"answer\">" << htmlEscape(r.answer) << "</pre>\n</details>\n";
  if (failedAt.valid())
    os << "<p>failed at " << locLink(prog, files, failedAt) << "</p>\n";
  os << "</section>\n";
  if (!r.repairs.empty())
    repairSection(os, r);
  sourceSection(os, r, files, ranks, ran, failedAt);
  if (r.failing) {
    traceSection(os, r, files);
    os << "<section id=\"heap\">\n<h2>Heap</h2>\n";
    if (r.inputHeap && r.entry < prog.procs.size()) {
      const ir::Procedure &p = prog.procs[r.entry];
      std::vector<heapview::Root> roots;
      for (size_t k = 0; r.inputArgs && k < r.inputArgs->size() && k < p.params.size(); ++k) {
        const ir::Var &v = p.vars[p.params[k]];
        roots.push_back(heapview::Root{v.name, (*r.inputArgs)[k], v.type, false});
      }
      os << heapFigure(prog, roots, *r.inputHeap, "heap-input",
                       "the input heap (the arguments of " + p.name + ")");
    }
    if (r.failing->kind != ir::OutcomeKind::Error)
      os << heapFigure(prog, heapview::rootsOf(prog, r.failing->state, false, r.entry), r.failing->state.heap,
                       "heap-failing", "the state when it stopped");
    os << "</section>\n";
  }
  if (!r.localizations.empty())
    localizationSection(os, r, files);
  os << "</body>\n</html>\n";
  return os.str();
}

std::string verifyHtml(const VerifyView &v, const encoder::VerifyResult &r) {
  std::ostringstream answer;
  printVerify(answer, v, r);
  HtmlReport h("verify", v.file, *v.sm, v.prog, v.entry, answer.str());
  if ((r.verdict == encoder::Verdict::Failed || r.verdict == encoder::Verdict::BoundFailed) && r.outcome) {
    h.failing = &*r.outcome;
    h.inputArgs = &r.cx.args;
    h.inputHeap = &r.cx.heap;
    if (const ir::Stmt *s = r.check ? ir::StmtIndex(v.prog).find(r.check->stmt) : nullptr)
      h.failedAt = s->loc;
  }
  return htmlReport(h);
}

std::string localizeHtml(const LocalizeView &v, const std::vector<localize::Result> &results, bool all) {
  std::ostringstream answer;
  for (const repair::Failure *f : v.failures)
    printFailure(answer, v.prog, *f);
  localize::Result consensus;
  std::vector<const localize::Result *> columns;
  for (const localize::Result &r : results) {
    printMethodHeader(answer, r);
    answer.unsetf(std::ios::fixed);
    if (r.status == localize::Status::Error)
      answer << r.message << "\n";
    else
      printLocalization(answer, v.sm, v.prog, r, localize::optionText(v.methodOptions, localize::kMaxSize),
                        v.stats);
    columns.push_back(&r);
  }
  if (all) {
    consensus = session::consensusOf(v.prog, results);
    columns.push_back(&consensus);
  }
  const repair::Failure &f = *v.failures.front();
  HtmlReport h("localize", v.file, v.sm, v.prog, f.entry, answer.str());
  h.failing = &f.run;
  h.inputArgs = &f.args;
  h.inputHeap = &f.heap;
  if (const ir::Stmt *st = ir::StmtIndex(v.prog).find(f.failingStmt()))
    h.failedAt = st->loc;
  h.localizations = columns;
  return htmlReport(h);
}

std::string repairHtml(const std::string &file, const fix::Problem &problem, const fix::Result &r,
                       const std::string &out, const std::string &entry, const std::string &underTest) {
  std::ostringstream answer;
  if (r.failure)
    printFailure(answer, problem.prog, *r.failure);
  printRepairVerdict(answer, r, out, entry, underTest);
  HtmlReport h("repair", file, problem.sm, problem.prog, ir::kNone, answer.str());
  if (r.failure) {
    const repair::Failure &f = *r.failure;
    h.entry = f.entry;
    h.failing = &f.run;
    h.inputArgs = &f.args;
    h.inputHeap = &f.heap;
    if (const ir::Stmt *s = ir::StmtIndex(problem.prog).find(f.failingStmt()))
      h.failedAt = s->loc;
  }
  for (const fix::Repair &x : r.repairs)
    h.repairs.push_back(HtmlRepair{&x, satisfiedSpec(problem.spec, x.check)});
  return htmlReport(h);
}

} // namespace locus::render
