// Rendering results as text and JSON (render.h).
#include "session/render.h"

#include "ir/global_alloc.h"
#include "ir/printer.h"
#include "repair/common/suite.h"
#include "session/bounds.h"
#include "session/localize.h"
#include "session/program.h"

#include <iomanip>

#include <algorithm>
#include <map>
#include <ostream>
#include <sstream>

namespace locus::render {

std::string where(const ir::Program &prog, SourceLoc loc) {
  return ir::formatLoc(prog, loc);
}

Json toJson(const Diagnostics &diags) {
  Json arr = Json::array();
  const SourceManager &sm = diags.sources();
  for (const Diagnostic &d : diags.all()) {
    Json j;
    j["severity"] = severityName(d.severity);
    j["file"] = d.loc.file < sm.size() ? sm.path(d.loc.file) : "";
    j["line"] = d.loc.line;
    j["col"] = d.loc.col;
    j["message"] = d.message;
    arr.push_back(std::move(j));
  }
  return arr;
}

Json toJson(const ir::Program &prog, SourceLoc loc) {
  Json j;
  j["file"] = loc.file < prog.files.size() ? prog.files[loc.file] : "";
  j["line"] = loc.line;
  j["col"] = loc.col;
  return j;
}

Json irToJson(const ir::Program &prog) {
  Json procs = Json::array();
  for (const ir::Procedure &p : prog.procs) {
    Json stmts = Json::array();
    auto add = [&](const char *part) {
      return [&, part](const ir::Stmt &s) {
        Json j;
        j["id"] = s.id;
        j["part"] = part;
        j["kind"] = ir::stmtKindName(s.kind);
        j["text"] = ir::toString(prog, p, s);
        j["location"] = toJson(prog, s.loc);
        j["construct"] = s.construct;
        if (s.range.valid()) {
          Json r = toJson(prog, s.range.begin);
          r["end_line"] = s.range.end.line;
          r["end_col"] = s.range.end.col;
          j["range"] = std::move(r);
        }
        stmts.push_back(std::move(j));
      };
    };
    ir::forEachStmt(p.pre, add("requires"));
    ir::forEachStmt(p.body, add("body"));
    ir::forEachStmt(p.post, add("ensures"));
    Json pj;
    pj["name"] = p.name;
    pj["test"] = p.isTest;
    pj["location"] = toJson(prog, p.loc);
    pj["statements"] = std::move(stmts);
    procs.push_back(std::move(pj));
  }
  Json j;
  j["files"] = prog.files;
  j["procedures"] = std::move(procs);
  return j;
}

std::string verdict(const ir::Outcome &o) {
  std::string s = ir::outcomeName(o.kind);
  if (o.kind == ir::OutcomeKind::Failure)
    s += std::string(" (") + ir::failureName(o.failure) + ")";
  return s;
}

static std::string stmtText(const ir::Program &prog, const ir::StmtIndex &index, uint32_t proc,
                            ir::StmtId id) {
  const ir::Stmt *s = index.find(id);
  return s && proc < prog.procs.size() ? ir::toString(prog, prog.procs[proc], *s) : "";
}

/// The variables the user declared; the lowering's temporaries are summarized in one line.
static void printVars(std::ostream &os, const std::vector<ir::Var> &vars,
                      const std::vector<ir::Value> &vals) {
  size_t temps = 0;
  for (size_t i = 0; i < vars.size() && i < vals.size(); ++i) {
    if (vars[i].temp)
      ++temps;
    else
      os << "    " << vars[i].name << " = " << ir::toString(vals[i]) << "\n";
  }
  if (temps)
    os << "    (" << temps << " temporar" << (temps == 1 ? "y" : "ies")
       << " of the IR not shown; --json lists them)\n";
}

void printState(std::ostream &os, const ir::Program &prog, const ir::State &st, uint32_t entry) {
  if (!prog.globals.empty()) {
    os << "  globals:\n";
    printVars(os, prog.globals, st.globals);
  }
  if (entry < prog.procs.size() && !st.entryVars.empty()) {
    os << "  variables of " << prog.procs[entry].name << ":\n";
    printVars(os, prog.procs[entry].vars, st.entryVars);
  }
  if (st.callerProc < prog.procs.size() && st.callerProc != entry && !st.callerVars.empty()) {
    os << "  variables of " << prog.procs[st.callerProc].name << " (where it stopped):\n";
    printVars(os, prog.procs[st.callerProc].vars, st.callerVars);
  }
  if (st.heap.empty()) {
    os << "  heap: empty\n";
    return;
  }
  os << "  heap:\n";
  for (size_t k = 0; k < st.heap.size(); ++k)
    os << "    n" << (k + 1) << ": " << ir::nodeText(prog, st.heap[k]) << "\n";
}

/// Variables by name; `temps` selects the lowering's temporaries instead of the declared variables.
static Json varsToJson(const std::vector<ir::Var> &vars, const std::vector<ir::Value> &vals,
                       bool temps = false) {
  Json j = Json::object();
  for (size_t i = 0; i < vars.size() && i < vals.size(); ++i)
    if (vars[i].temp == temps)
      j[vars[i].name] = ir::toString(vals[i]);
  return j;
}

Json stateToJson(const ir::Program &prog, const ir::State &st, uint32_t entry) {
  Json j;
  j["globals"] = varsToJson(prog.globals, st.globals);
  j["variables"] =
      entry < prog.procs.size() ? varsToJson(prog.procs[entry].vars, st.entryVars) : Json::object();
  j["temporaries"] =
      entry < prog.procs.size() ? varsToJson(prog.procs[entry].vars, st.entryVars, true) : Json::object();
  if (st.callerProc < prog.procs.size() && st.callerProc != entry) {
    j["stopped_in"] = prog.procs[st.callerProc].name;
    j["stopped_in_variables"] = varsToJson(prog.procs[st.callerProc].vars, st.callerVars);
  }
  Json heap = Json::array();
  for (size_t k = 0; k < st.heap.size(); ++k) {
    Json nj = nodeToJson(prog, st.heap[k], static_cast<uint32_t>(k + 1));
    nj["allocated_by"] = st.heap[k].allocatedBy;
    heap.push_back(std::move(nj));
  }
  j["heap"] = std::move(heap);
  return j;
}

Json nodeToJson(const ir::Program &prog, const ir::HeapNode &n, uint32_t id) {
  Json nj;
  nj["node"] = "n" + std::to_string(id);
  if (n.isArray()) {
    nj["type"] = ir::toString(prog, n.type);
    nj["length"] = n.length;
    // the elements written, given or chosen so far; the others are `others` (null: nondet, not chosen yet)
    Json elems = Json::object();
    auto add = [&](int64_t k) {
      if (std::optional<ir::Value> v = ir::knownElement(n, k))
        elems[std::to_string(k)] = ir::toString(*v);
    };
    for (const auto &[k, v] : n.elems)
      add(k);
    if (n.init)
      for (const auto &[k, v] : n.init->at)
        if (k >= 0 && k < n.length)
          add(k);
    nj["elements"] = std::move(elems);
    nj["others"] = n.init ? Json() : Json(ir::toString(ir::defaultOf(n.type.elemType())));
    return nj;
  }
  const ir::Record *r = n.record < prog.records.size() ? &prog.records[n.record] : nullptr;
  nj["type"] = r ? r->name : "?";
  Json fields = Json::object();
  for (size_t f = 0; f < n.fields.size(); ++f)
    fields[r && f < r->fields.size() ? r->fields[f].name : "?"] = ir::toString(n.fields[f]);
  nj["fields"] = std::move(fields);
  return nj;
}

/// The statement that stopped a run as the user wrote it when it is an assertion whose IR reads the
/// lowering's temporaries (`assert b0 or t1 == 3` was `assert a[0] == 3 or p.val == 3;`), else as the IR has
/// it.
static std::string failedStmtText(const OutcomeView &v, const ir::StmtIndex &index) {
  const ir::Program &prog = v.prog;
  const ir::Outcome &o = v.outcome;
  std::string ir = stmtText(prog, index, o.proc, o.stmt);
  const ir::Stmt *s = index.find(o.stmt);
  if (!v.sm || !s || s->kind != ir::Stmt::Assert || o.proc >= prog.procs.size())
    return ir;
  const SourceRange &r = s->value.range;
  if (!r.valid() || r.begin.line != r.end.line || r.end.col <= r.begin.col ||
      r.begin.file >= prog.files.size())
    return ir;
  const ir::Procedure &proc = prog.procs[o.proc];
  bool temps = false;
  ir::forEachNode(s->value, [&](const ir::Expr &e) {
    if (e.kind == ir::Expr::VarUse && !e.var.global && e.var.index < proc.vars.size())
      temps = temps || proc.vars[e.var.index].temp;
  });
  std::optional<uint32_t> f = v.sm->find(prog.files[r.begin.file]);
  if (!temps || !f)
    return ir;
  std::string_view line = v.sm->lineText(*f, r.begin.line);
  if (r.end.col - 1 > line.size())
    return ir;
  return "assert " + std::string(line.substr(r.begin.col - 1, r.end.col - r.begin.col));
}

void printOutcome(std::ostream &os, const OutcomeView &v, size_t traceTail, bool showState) {
  const ir::Outcome &o = v.outcome;
  const ir::Program &prog = v.prog;
  const ir::StmtIndex index(prog);
  os << "outcome: " << verdict(o) << "\n";
  if (o.kind != ir::OutcomeKind::Ok || !o.message.empty()) {
    if (o.loc.valid())
      os << where(prog, o.loc) << ": " << (o.kind == ir::OutcomeKind::Failure ? "error: " : "note: ")
         << (o.message.empty() ? verdict(o) : o.message) << "\n";
    else if (!o.message.empty())
      os << "  " << o.message << "\n";
    if (o.stmt && o.proc < prog.procs.size())
      os << "  in " << prog.procs[o.proc].name << ", statement #" << o.stmt << ": "
         << failedStmtText(v, index) << "\n";
  }
  if (o.result)
    os << "result: " << ir::toString(*o.result) << "\n";
  if (!o.output.empty() || o.referenceOutput)
    os << "output: \"" << ir::showBytes(o.output, 400) << "\"\n";
  if (o.referenceOutput)
    os << "reference output: \"" << ir::showBytes(*o.referenceOutput, 400) << "\"\n";
  if (o.referenceResult)
    os << "reference result: " << ir::toString(*o.referenceResult) << "\n";
  os << "steps: " << o.steps << "\n";
  if (!o.trace.empty() && traceTail != 0) {
    size_t n = o.trace.size();
    size_t from = traceTail >= n ? 0 : n - traceTail;
    uint64_t total = n + o.traceDropped;
    os << "trace";
    if (from)
      os << " (last " << (n - from) << " of " << total << " steps; --trace for all)";
    else if (o.traceDropped)
      os << " (the first " << o.traceDropped << " of " << total << " steps were not kept)";
    os << ":\n";
    for (size_t i = from; i < n; ++i) {
      const ir::TraceStep &t = o.trace[i];
      const ir::Stmt *s = t.proc < prog.procs.size() ? index.find(t.stmt) : nullptr;
      os << "  " << std::string(2 * std::min<uint32_t>(t.depth, 10), ' ') << "#" << t.stmt;
      if (s)
        os << " " << where(prog, s->loc) << "  " << ir::toString(prog, prog.procs[t.proc], *s);
      if (t.written)
        os << "    ; " << *t.written;
      os << "\n";
    }
  }
  if (showState && o.kind != ir::OutcomeKind::Error) {
    os << (o.kind == ir::OutcomeKind::Ok ? "final state:\n" : "state when it stopped:\n");
    printState(os, prog, o.state, v.entry);
  }
}

Json toJson(const OutcomeView &v, bool withTrace) {
  const ir::Outcome &o = v.outcome;
  const ir::Program &prog = v.prog;
  const ir::StmtIndex index(prog);
  Json j;
  j["outcome"] = ir::outcomeName(o.kind);
  if (o.kind == ir::OutcomeKind::Failure)
    j["failure"] = ir::failureName(o.failure);
  j["message"] = o.message;
  if (o.stmt) {
    j["stmt"] = o.stmt;
    j["procedure"] = o.proc < prog.procs.size() ? prog.procs[o.proc].name : "";
    j["location"] = toJson(prog, o.loc);
  }
  if (o.result)
    j["result"] = ir::toString(*o.result);
  j["output"] = o.output;
  if (o.referenceOutput)
    j["reference_output"] = *o.referenceOutput;
  if (o.referenceResult)
    j["reference_result"] = ir::toString(*o.referenceResult);
  j["steps"] = o.steps;
  if (o.kind != ir::OutcomeKind::Error)
    j["state"] = stateToJson(prog, o.state, v.entry);
  if (withTrace) {
    Json tr = Json::array();
    for (const ir::TraceStep &t : o.trace) {
      Json tj;
      tj["stmt"] = t.stmt;
      tj["procedure"] = t.proc < prog.procs.size() ? prog.procs[t.proc].name : "";
      tj["depth"] = t.depth;
      const ir::Stmt *s = t.proc < prog.procs.size() ? index.find(t.stmt) : nullptr;
      if (s) {
        tj["location"] = toJson(prog, s->loc);
        tj["text"] = ir::toString(prog, prog.procs[t.proc], *s);
      }
      if (t.written)
        tj["written"] = *t.written;
      tr.push_back(std::move(tj));
    }
    j["trace"] = std::move(tr);
    j["trace_dropped"] = o.traceDropped;
  }
  return j;
}

static std::string partText(encoder::Part p) {
  return encoder::partName(p);
}

std::string sourceLine(const SourceManager &sm, const ir::Program &prog, SourceLoc loc) {
  if (loc.file >= prog.files.size())
    return {};
  std::optional<uint32_t> f = sm.find(prog.files[loc.file]);
  if (!f)
    return {};
  std::string line(sm.lineText(*f, loc.line));
  size_t b = line.find_first_not_of(" \t"), e = line.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
}

void localizationJson(Json &j, const SourceManager &sm, const ir::Program &prog, const localize::Result &r) {
  ir::StmtIndex index(prog);
  j["complete"] = r.complete;
  Json sets = Json::array();
  for (size_t k = 0; k < r.sets.size(); ++k) {
    Json members = Json::array();
    for (const localize::Blame &b : r.sets[k]) {
      Json m{{"statement", b.stmt}, {"part", partText(b.part)}};
      if (SourceLoc at = ir::stmtLoc(prog, index, b.stmt); at.valid()) {
        m["file"] = prog.files.at(at.file);
        m["line"] = at.line;
        m["column"] = at.col;
      }
      members.push_back(std::move(m));
    }
    sets.push_back(
        Json{{"index", k + 1}, {"cost", k < r.setCosts.size() ? r.setCosts[k] : 0}, {"members", members}});
  }
  j["sets"] = sets;
  Json ranking = Json::array();
  for (const localize::Suspect &s : r.ranking) {
    Json sj{{"rank", s.rank},
            {"file", prog.files.at(s.loc.file)},
            {"line", s.loc.line},
            {"column", s.loc.col},
            {"statements", s.statements},
            {"score", s.score},
            {"source", sourceLine(sm, prog, s.loc)}};
    Json setIdx = Json::array();
    for (size_t k : s.sets)
      setIdx.push_back(k + 1);
    sj["sets"] = setIdx;
    if (!s.evidence.empty())
      sj["evidence"] = s.evidence;
    ranking.push_back(std::move(sj));
  }
  j["ranking"] = ranking;
  if (!r.locked.empty()) {
    Json locked = Json::array();
    for (ir::StmtId id : r.locked) {
      Json l{{"statement", id}};
      if (const ir::Stmt *s = index.find(id); s && s->loc.valid()) {
        l["line"] = s->loc.line;
        l["column"] = s->loc.col;
      }
      locked.push_back(std::move(l));
    }
    j["locked"] = locked;
  }
  Json stats = Json::object();
  for (const auto &[k, v] : r.stats)
    stats[k] = v;
  j["stats"] = stats;
  if (!r.perFailure.empty()) {
    Json each = Json::array();
    for (const localize::Result &f : r.perFailure) {
      Json fj{{"status", localize::statusName(f.status)}, {"method_time_s", f.seconds}};
      if (!f.message.empty())
        fj["message"] = f.message;
      localizationJson(fj, sm, prog, f);
      each.push_back(std::move(fj));
    }
    j["per_failure"] = each;
  }
}

void printLocalization(std::ostream &os, const SourceManager &sm, const ir::Program &prog,
                       const localize::Result &r, const std::string &maxSize, bool stats) {
  ir::StmtIndex index(prog);
  if (!r.message.empty())
    os << (r.status == localize::Status::Localized ? "note: " : "") << r.message << "\n";
  if (!r.sets.empty()) {
    os << "sets (" << r.sets.size() << ", in the order found" << (r.complete ? ", complete" : "")
       << " up to size " << maxSize << "):\n";
    for (size_t k = 0; k < r.sets.size(); ++k) {
      os << "  " << k + 1 << ". {";
      for (size_t i = 0; i < r.sets[k].size(); ++i) {
        const localize::Blame &b = r.sets[k][i];
        SourceLoc at = ir::stmtLoc(prog, index, b.stmt);
        os << (i ? ", " : "") << partText(b.part) << " of ";
        if (ir::isGlobalAlloc(b.stmt)) // a made-up statement: name what it is
          os << "the size of " << prog.globals.at(ir::globalOfAlloc(b.stmt)).name;
        else
          os << "#" << b.stmt;
        if (at.valid())
          os << " @" << at.line << ":" << at.col;
      }
      os << "}";
      if (k < r.setCosts.size() && r.costsWeighted)
        os << "  cost " << r.setCosts[k];
      os << "\n";
    }
  }
  if (!r.locked.empty()) {
    os << "lockable (not suspicious): " << r.locked.size() << " statements:";
    for (ir::StmtId id : r.locked) {
      os << " #" << id;
      if (const ir::Stmt *s = index.find(id); s && s->loc.valid())
        os << " @" << s->loc.line << ":" << s->loc.col;
    }
    os << "\n";
  }
  if (r.ranking.empty()) {
    os << (r.noBlame.empty() ? "no statement blamed" : r.noBlame) << "\n";
  } else {
    os << "ranking:\n";
    for (const localize::Suspect &s : r.ranking) {
      std::ostringstream where;
      where << ir::formatLoc(prog, s.loc);
      os << "  " << std::setw(3) << s.rank << "  " << std::left << std::setw(28) << where.str() << std::right
         << "  " << sourceLine(sm, prog, s.loc);
      if (!s.evidence.empty())
        os << "    -- " << s.evidence;
      os << "\n";
    }
  }
  if (stats)
    for (const auto &[k, v] : r.stats)
      os << "stats: " << k << " " << v << "\n";
}

Json failureJson(const ir::Program &prog, const repair::Failure &f) {
  ir::StmtIndex index(prog);
  Json j;
  j["kind"] = f.bound ? "bound" : ir::failureName(f.run.failure);
  j["message"] = f.bound ? f.describe(prog) : f.run.message;
  if (const ir::Stmt *s = index.find(f.failingStmt()); s && s->loc.valid()) {
    j["file"] = prog.files.at(s->loc.file);
    j["line"] = s->loc.line;
    j["column"] = s->loc.col;
  }
  j["statement"] = f.failingStmt();
  j["origin"] = f.origin;
  const ir::Procedure &p = prog.procs.at(f.entry);
  j["entry"] = p.name;
  Json args = Json::object();
  for (size_t k = 0; k < f.args.size() && k < p.params.size(); ++k)
    args[p.vars[p.params[k]].name] = ir::toString(f.args[k]);
  j["args"] = args;
  Json nd = Json::array();
  for (const ir::Value &v : f.nondets)
    nd.push_back(ir::toString(v));
  j["nondet"] = nd;
  if (!f.heap.empty()) { // the input nodes and arrays (verify's counterexample)
    Json heap = Json::array();
    for (size_t k = 0; k < f.heap.size(); ++k)
      heap.push_back(render::nodeToJson(prog, f.heap[k], static_cast<uint32_t>(k + 1)));
    j["heap"] = heap;
  }
  j["unwind"] = f.unwind;
  if (repair::isCommandLineEntry(prog, f.entry))
    j["command_line"] = session::commandLineText(prog, f.entry, f.args);
  j["stdin"] = f.input;
  if (f.expect.output)
    j["expected_output"] = *f.expect.output;
  if (f.run.failure == ir::FailureKind::Output)
    j["output"] = f.run.output;
  return j;
}

void printFailure(std::ostream &os, const ir::Program &prog, const repair::Failure &failure) {
  os << "failure: " << failure.describe(prog) << " (" << failure.origin;
  const ir::Procedure &ep = prog.procs[failure.entry];
  for (size_t k = 0; k < failure.args.size() && k < ep.params.size(); ++k)
    os << (k ? ", " : ": ") << ep.vars[ep.params[k]].name << " = " << ir::toString(failure.args[k]);
  if (!failure.nondets.empty()) {
    os << "; nondet";
    for (size_t k = 0; k < failure.nondets.size(); ++k)
      os << (k ? "," : " ") << ir::toString(failure.nondets[k]);
  }
  os << ")\n";
  if (!failure.heap.empty()) { // the input nodes and arrays the references point to
    os << "input heap:";
    for (size_t k = 0; k < failure.heap.size(); ++k)
      os << (k ? ";" : "") << " n" << (k + 1) << " = " << ir::nodeText(prog, failure.heap[k]);
    os << "\n";
  }
  if (repair::isCommandLineEntry(prog, failure.entry))
    os << "command line: " << session::commandLineText(prog, failure.entry, failure.args) << "\n";
  if (!failure.input.empty())
    os << "stdin: \"" << ir::showBytes(failure.input, 200) << "\"\n";
}

namespace {

std::string valueList(const ir::Program &prog, const ir::Procedure &p, const std::vector<ir::Value> &args) {
  std::string out;
  for (size_t k = 0; k < args.size() && k < p.params.size(); ++k)
    out += (k ? ", " : "") + p.vars[p.params[k]].name + " = " + ir::toString(args[k]);
  (void)prog;
  return out;
}

std::string nondetList(const std::vector<ir::Value> &vals) {
  std::string out;
  for (size_t k = 0; k < vals.size(); ++k)
    out += (k ? "," : "") + ir::toString(vals[k]);
  return out;
}

/// Whether the program reads standard input.
bool reads(const ir::Program &prog) {
  bool any = false;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { any |= s.kind == ir::Stmt::Scan; });
  return any;
}

void printStats(std::ostream &os, const frontend::Timings &l, const encoder::VerifyResult &r) {
  double total = l.parseSeconds + l.lowerSeconds + r.encodeSeconds + r.solverStartStopSeconds +
                 r.handOverSeconds + r.solverAssertSeconds + r.solveSeconds + r.replaySeconds;
  os << std::fixed << std::setprecision(4) << "stats: parse " << l.parseSeconds << " s, lower "
     << l.lowerSeconds << " s, encode " << r.encodeSeconds << " s, hand-over " << r.handOverSeconds
     << " s, replay " << r.replaySeconds << " s; solver: start/stop " << r.solverStartStopSeconds
     << " s, assert " << r.solverAssertSeconds << " s, solve " << r.solveSeconds << " s (total " << total
     << " s)\n";
  os << "stats: " << r.constraints << " constraints, " << r.terms << " terms, " << r.checks << " checks, "
     << r.selectors << " statement selectors";
  if (r.mergedCalls > 0)
    os << ", " << r.mergedCalls << (r.mergedCalls == 1 ? " pair" : " pairs") << " of calls merged";
  os << "\n";
  os.unsetf(std::ios::fixed);
}

Json statsJson(const frontend::Timings &l, const encoder::VerifyResult &r) {
  return Json{{"parse_seconds", l.parseSeconds},
              {"lower_seconds", l.lowerSeconds},
              {"encode_seconds", r.encodeSeconds},
              {"solver_start_stop_seconds", r.solverStartStopSeconds},
              {"hand_over_seconds", r.handOverSeconds},
              {"solver_assert_seconds", r.solverAssertSeconds},
              {"solve_seconds", r.solveSeconds},
              {"replay_seconds", r.replaySeconds},
              {"constraints", r.constraints},
              {"terms", r.terms},
              {"checks", r.checks},
              {"selectors", r.selectors},
              {"merged_calls", r.mergedCalls}};
}

} // namespace

void printMethodHeader(std::ostream &os, const localize::Result &r) {
  os << "\n== " << r.method << ": " << localize::statusName(r.status) << ", " << std::fixed
     << std::setprecision(3) << r.seconds << " s\n";
}

Json localizeJson(const LocalizeView &v, const localize::Method &method, const localize::Result &r) {
  Json j{{"file", v.file}, {"method", method.name()}, {"solver", method.usesSolver() ? v.solver : ""}};
  if (r.status == localize::Status::Error)
    return j;
  j["status"] = localize::statusName(r.status);
  if (!r.message.empty())
    j["message"] = r.message;
  j["failure"] = failureJson(v.prog, *v.failures.front());
  if (v.failures.size() > 1) {
    Json fs = Json::array();
    for (const repair::Failure *f : v.failures)
      fs.push_back(failureJson(v.prog, *f));
    j["failures"] = fs;
  }
  j["weights"] = localize::optionText(v.methodOptions, localize::kWeights);
  for (const auto &[key, value] : method.settings(v.problem))
    j[key] = value;
  j["time_s"] = v.seconds;
  j["method_time_s"] = r.seconds;
  localizationJson(j, v.sm, v.prog, r);
  return j;
}

void printLocalize(std::ostream &os, const LocalizeView &v, const localize::Method &method,
                   const localize::Result &r) {
  for (const repair::Failure *f : v.failures)
    printFailure(os, v.prog, *f);
  os << "method: " << method.name();
  if (std::string config = method.describe(v.problem); !config.empty())
    os << " (" << config << ")";
  if (method.usesSolver())
    os << " on " << v.solver;
  os << ", unwind " << v.failures.front()->unwind << ", " << std::fixed << std::setprecision(3) << r.seconds
     << " s\n";
  if (v.failures.size() > 1)
    os << (method.jointFailures()
               ? "the " + std::to_string(v.failures.size()) + " failures at once\n"
               : "each of the " + std::to_string(v.failures.size()) +
                     " failures, combined: the lines every ranking has, by average rank\n");
  printLocalization(os, v.sm, v.prog, r, localize::optionText(v.methodOptions, localize::kMaxSize), v.stats);
}

Json localizeAllJson(const LocalizeView &v, const std::vector<localize::Result> &results, int exit) {
  Json j{{"file", v.file},
         {"method", "all"},
         {"solver", v.solver},
         {"status", exit == 1   ? "localized"
                    : exit == 3 ? "unknown"
                                : "error"},
         {"failure", failureJson(v.prog, *v.failures.front())},
         {"weights", localize::optionText(v.methodOptions, localize::kWeights)},
         {"time_s", v.seconds}};
  Json ms = Json::array();
  for (const localize::Result &r : results) {
    Json mj{{"method", r.method},
            {"solver", r.solver},
            {"status", localize::statusName(r.status)},
            {"method_time_s", r.seconds}};
    if (!r.message.empty())
      mj["message"] = r.message;
    localizationJson(mj, v.sm, v.prog, r);
    ms.push_back(std::move(mj));
  }
  j["methods"] = ms;
  Json cj = Json::object();
  localizationJson(cj, v.sm, v.prog, session::consensusOf(v.prog, results));
  j["consensus"] = cj["ranking"];
  return j;
}

namespace {

/// `--method all`'s table: the rank of each line per method.
void printSideBySide(std::ostream &os, const SourceManager &sm, const ir::Program &prog,
                     const std::vector<localize::Result> &results) {
  os << "\nside by side (rank of each line):\n";
  std::map<std::pair<uint32_t, uint32_t>, std::vector<std::string>> table;
  std::map<std::pair<uint32_t, uint32_t>, SourceLoc> where;
  for (size_t k = 0; k < results.size(); ++k)
    for (const localize::Suspect &s : results[k].ranking) {
      auto key = std::make_pair(s.loc.file, s.loc.line);
      auto &row = table[key];
      row.resize(results.size(), "-");
      row[k] = std::to_string(s.rank);
      where.emplace(key, s.loc);
    }
  size_t width = 6;
  for (const auto &[key, loc] : where)
    width = std::max(width, ir::formatLoc(prog, loc).size() + 2);
  std::vector<int> cols; // a column per method, as wide as its name and a gap
  for (const localize::Result &r : results)
    cols.push_back(static_cast<int>(std::max<size_t>(8, r.method.size() + 2)));
  os << "  " << std::left << std::setw(static_cast<int>(width)) << "line";
  for (size_t k = 0; k < results.size(); ++k)
    os << std::setw(cols[k]) << results[k].method;
  os << std::right << "\n";
  for (auto &[key, row] : table) {
    row.resize(results.size(), "-");
    os << "  " << std::left << std::setw(static_cast<int>(width)) << ir::formatLoc(prog, where.at(key));
    for (size_t k = 0; k < row.size(); ++k)
      os << std::setw(cols[k]) << row[k];
    os << std::right << "  " << sourceLine(sm, prog, where.at(key)) << "\n";
  }
}

} // namespace

void printLocalizeAll(std::ostream &os, const LocalizeView &v, const std::vector<localize::Result> &results) {
  printSideBySide(os, v.sm, v.prog, results);
  os << "\nconsensus (reciprocal rank fusion: a line's score is the sum of 1 / its rank over the methods "
        "that "
        "rank it):\n";
  printLocalization(os, v.sm, v.prog, session::consensusOf(v.prog, results), "", false);
}

std::string satisfiedSpec(const fix::Spec &spec, const fix::Reverified &c) {
  std::string suite;
  if (spec.suite)
    suite =
        "the suite's " + std::to_string(c.suiteTests) + (c.suiteTests == 1 ? " test passes" : " tests pass");
  if (!c.bounded)
    return "plausible: " + suite + ", not verified within the bound (" + c.unverified + ")";
  if (spec.reference)
    return "correct within the bound: it prints and returns what the reference does" +
           (suite.empty() ? "" : "; " + suite);
  return "plausible: " + (suite.empty() ? "" : suite + " and ") + "its assertions hold within the bound";
}

void printRepair(std::ostream &os, size_t k, const fix::Repair &x, const fix::Spec &spec) {
  os << "\nrepair " << k << " (" << (x.by.empty() ? "" : "by " + x.by + ", ") << x.size << " change"
     << (x.size == 1 ? "" : "s") << ", found after " << std::fixed << std::setprecision(3) << x.seconds
     << " s; re-verified from the patched source";
  if (x.check.tests)
    os << ", " << x.check.tests << " test" << (x.check.tests == 1 ? "" : "s") << " pass";
  os << "): " << satisfiedSpec(spec, x.check) << "\n";
  for (const std::string &c : x.changes)
    os << "  " << c << "\n";
  os << x.patch.diff;
  if (!x.patch.diff.empty() && x.patch.diff.back() != '\n')
    os << "\n";
}

void printRepairVerdict(std::ostream &os, const fix::Result &r, const std::string &out,
                        const std::string &entry, const std::string &underTest) {
  switch (r.status) {
  case fix::Status::Repaired:
    os << "REPAIRED: " << r.repairs.size() << " repair" << (r.repairs.size() == 1 ? "" : "s")
       << (r.complete ? " (every minimal repair in the space)" : "");
    if (!out.empty())
      os << "; the first written to " << out;
    os << "\n";
    if (!underTest.empty())
      os << "note: every repair changes '" << entry
         << "', the entry: if it only builds inputs and checks them, name the code under test with --procs "
         << underTest << "\n";
    break;
  case fix::Status::NoFailure: os << "no failure to repair: " << r.message << "\n"; break;
  case fix::Status::NotRepaired: os << "NOT REPAIRED: " << r.message << "\n"; break;
  case fix::Status::Unknown: os << "UNKNOWN: " << r.message << "\n"; break;
  case fix::Status::Error: break;
  }
  os << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
}

namespace {

Json repairJson(const fix::Repair &r) {
  Json locs = Json::array();
  for (const repair::patch::EditLocation &l : r.patch.locations)
    locs.push_back(Json{{"file", l.file}, {"line", l.range.begin.line}, {"column", l.range.begin.col}});
  Json j{{"diff", r.patch.diff},         {"locations", locs},
         {"changes", r.changes},         {"size", r.size},
         {"verified", r.check.verified}, {"tests_passed", r.check.testsPassed},
         {"tests", r.check.tests},       {"time_s", r.seconds}};
  if (!r.by.empty())
    j["by"] = r.by;
  if (r.check.suiteTests || !r.check.bounded) { // --tests
    j["suite_tests_passed"] = r.check.suiteTests;
    j["bounded_verified"] = r.check.bounded;
  }
  return j;
}

} // namespace

Json repairResultJson(const std::string &file, const ir::Program &prog, const fix::Result &r) {
  Json j{{"file", file}, {"method", r.method}, {"solver", r.solver}, {"status", fix::statusName(r.status)}};
  if (!r.message.empty())
    j["message"] = r.message;
  if (r.failure)
    j["failure"] = failureJson(prog, *r.failure);
  j["time_s"] = r.seconds;
  j["complete"] = r.complete;
  Json reps = Json::array();
  for (const fix::Repair &x : r.repairs)
    reps.push_back(repairJson(x));
  j["repairs"] = reps;
  Json stats = Json::object();
  for (const auto &[k, v] : r.stats)
    stats[k] = v;
  j["stats"] = stats;
  return j;
}

namespace {

std::string stmtList(const std::vector<ir::StmtId> &ids) {
  std::string s;
  for (ir::StmtId id : ids)
    s += (s.empty() ? "#" : ",#") + std::to_string(id);
  return s;
}

} // namespace

void printMutants(std::ostream &os, const session::MutateRequest &req, const session::Mutants &m) {
  for (size_t i = 0; i < m.manifest.versions.size(); ++i) {
    const mutate::VersionRecord &v = m.manifest.versions[i];
    os << v.file;
    if (req.verify)
      os << ": " << m.verdicts[i] << (v.equivalent.value_or(false) ? " (equivalent)" : "");
    os << "\n";
    for (const mutate::Fault &f : v.faults) {
      os << "  " << mutate::kindName(f.kind) << " in " << f.proc << " " << stmtList(f.stmts) << " at "
         << f.file << ":" << f.line << ":" << f.col << ": ";
      if (f.kind == mutate::FaultKind::Delete)
        os << "deleted '" << f.before << "'\n";
      else
        os << f.from << " -> " << f.to << ": '" << f.before << "' -> '" << f.after << "'\n";
    }
  }
  os << m.manifest.versions.size() << " of " << req.count << " " << mutate::className(m.cls) << " versions ("
     << m.result.mutationCandidates << " mutation and " << m.result.deletionCandidates
     << " deletion candidates) written to " << m.manifestPath << "\n";
}

std::string mutantsShortfall(const session::MutateRequest &req, const session::Mutants &m) {
  if (m.manifest.versions.size() >= req.count)
    return "";
  return "only " + std::to_string(m.manifest.versions.size()) + " distinct " + mutate::className(m.cls) +
         " versions exist for " + req.src.file;
}

Json mutantsJson(const session::MutateRequest &req, const session::Mutants &m) {
  Json j = mutate::toJson(m.manifest);
  j["manifest_path"] = m.manifestPath;
  j["attempts"] = m.result.attempts;
  j["duplicates"] = m.result.duplicates;
  if (req.verify)
    for (size_t i = 0; i < m.verdicts.size(); ++i)
      j["versions"][i]["verdict"] = m.verdicts[i];
  return j;
}

Json verifyJson(const VerifyView &v, const encoder::VerifyResult &r) {
  const ir::Program &prog = v.prog;
  uint32_t entry = v.entry;
  const ir::Procedure &proc = prog.procs[entry];
  ir::StmtIndex index(prog);
  const ir::Stmt *failing = r.check ? index.find(r.check->stmt) : nullptr;
  Json j;
  j["file"] = v.file;
  j["entry"] = proc.name;
  j["ok"] = true;
  j["verdict"] = encoder::verdictName(r.verdict);
  j["checks"] = r.checks;
  if (r.decidedChecks > 0)
    j["decided_checks"] = r.decidedChecks;
  j["unwind"] = v.eo.unwind;
  if (std::vector<std::string> other = session::otherBounds(prog, v.eo); !other.empty())
    j["other_bounds"] = other;
  j["ints"] = v.ints;
  j["solver"] = r.solverName;
  if (!r.reason.empty())
    j["reason"] = r.reason;
  if (!r.proof.empty())
    j["proof"] = r.proof;
  if (!v.eo.inputShapes.empty()) {
    Json shapes = Json::array();
    for (const auto &shape : v.eo.inputShapes)
      shapes.push_back(shape.text);
    j["input_shape"] = shapes;
  }
  if (!r.searchNote.empty())
    j["search"] = r.searchNote;
  if (r.check) {
    Json c{{"kind", encoder::checkName(r.check->kind)}, {"stmt", r.check->stmt}};
    if (failing)
      c["location"] = toJson(prog, failing->loc);
    else if (r.check->proc < prog.procs.size())
      c["location"] = toJson(prog, prog.procs[r.check->proc].loc);
    if (r.check->proc < prog.procs.size())
      c["proc"] = prog.procs[r.check->proc].name;
    if (!r.check->message.empty())
      c["message"] = r.check->message;
    j["property"] = c;
    Json args = Json::object();
    for (size_t k = 0; k < r.cx.args.size(); ++k)
      args[proc.vars[proc.params[k]].name] = ir::toString(r.cx.args[k]);
    Json nd = Json::array();
    for (const ir::Value &v : r.cx.nondets)
      nd.push_back(ir::toString(v));
    Json heap = Json::array();
    for (size_t k = 0; k < r.cx.heap.size(); ++k)
      heap.push_back(nodeToJson(prog, r.cx.heap[k], static_cast<uint32_t>(k + 1)));
    j["inputs"] = Json{{"args", args}, {"nondet", nd}, {"heap", heap}};
    j["inputs"]["stdin"] = v.eo.fixedInput.value_or(r.cx.input);
    if (std::string cl = session::commandLineText(prog, entry, r.cx.args);
        !cl.empty() || repair::isCommandLineEntry(prog, entry))
      j["inputs"]["command_line"] = cl;
  }
  if (r.outcome && r.verdict != encoder::Verdict::Mismatch)
    j["counterexample"] = toJson(OutcomeView{prog, *r.outcome, entry}, true);
  if (v.stats)
    j["stats"] = statsJson(*v.stats, r);
  return j;
}

namespace {

/// `call #12 > iteration 2 of loop #6`: a check's statement instance (empty: the entry's body).
std::string contextText(const ir::StmtIndex &index, const ir::ContextPath &path) {
  std::string out;
  for (const auto &[site, iteration] : path) {
    const ir::Stmt *s = index.find(site);
    out += out.empty() ? "" : " > ";
    if (s && s->kind == ir::Stmt::While)
      out += "iteration " + std::to_string(iteration + 1) + " of loop #" + std::to_string(site);
    else
      out += "call #" + std::to_string(site);
  }
  return out;
}

/// Where a listed check is: its statement's location, or the procedure's for a specification.
SourceLoc checkLoc(const ir::Program &prog, const ir::StmtIndex &index, const encoder::ListedCheck &c) {
  if (const ir::Stmt *s = c.stmt ? index.find(c.stmt) : nullptr)
    return s->loc;
  return c.proc < prog.procs.size() ? prog.procs[c.proc].loc : SourceLoc{};
}

} // namespace

void printChecks(std::ostream &os, const VerifyView &v, const std::vector<encoder::ListedCheck> &checks) {
  const ir::Program &prog = v.prog;
  ir::StmtIndex index(prog);
  os << "checks of " << prog.procs[v.entry].name << " (up to unwind " << v.eo.unwind;
  for (const std::string &b : session::otherBounds(prog, v.eo))
    os << "; " << b;
  os << "): " << checks.size() << "\n";
  for (size_t k = 0; k < checks.size(); ++k) {
    const encoder::ListedCheck &c = checks[k];
    os << "  [" << k + 1 << "] " << encoder::checkName(c.kind) << " at "
       << where(prog, checkLoc(prog, index, c));
    std::string proc = c.proc < prog.procs.size() ? prog.procs[c.proc].name : "?";
    if (c.stmt)
      os << " (in " << proc << ", statement #" << c.stmt;
    else
      os << " (the specification of " << proc;
    if (std::string ctx = contextText(index, c.context); !ctx.empty())
      os << "; " << ctx;
    os << ")";
    if (!c.message.empty())
      os << ": " << c.message;
    os << "\n";
  }
}

Json checksJson(const VerifyView &v, const std::vector<encoder::ListedCheck> &checks) {
  const ir::Program &prog = v.prog;
  ir::StmtIndex index(prog);
  Json list = Json::array();
  for (size_t k = 0; k < checks.size(); ++k) {
    const encoder::ListedCheck &c = checks[k];
    Json j{{"id", k + 1}, {"kind", encoder::checkName(c.kind)}, {"stmt", c.stmt}};
    j["proc"] = c.proc < prog.procs.size() ? prog.procs[c.proc].name : "";
    j["location"] = toJson(prog, checkLoc(prog, index, c));
    if (!c.message.empty())
      j["message"] = c.message;
    j["context"] = contextText(index, c.context);
    list.push_back(std::move(j));
  }
  Json j;
  j["file"] = v.file;
  j["entry"] = prog.procs[v.entry].name;
  j["unwind"] = v.eo.unwind;
  if (std::vector<std::string> other = session::otherBounds(prog, v.eo); !other.empty())
    j["other_bounds"] = other;
  j["ints"] = v.ints;
  j["checks"] = checks.size();
  j["properties"] = std::move(list);
  return j;
}

void printVerify(std::ostream &os, const VerifyView &v, const encoder::VerifyResult &r) {
  const ir::Program &prog = v.prog;
  uint32_t entry = v.entry;
  const ir::Procedure &proc = prog.procs[entry];
  ir::StmtIndex index(prog);
  const ir::Stmt *failing = r.check ? index.find(r.check->stmt) : nullptr;
  std::string at = failing ? where(prog, failing->loc) : "";
  if (r.check && !failing && r.check->proc < prog.procs.size()) // a specification: the entry procedure
    at = where(prog, prog.procs[r.check->proc].loc);
  switch (r.verdict) {
  case encoder::Verdict::Safe: {
    std::string shape = session::inputShapeNote(v.eo); // what every input was assumed to be
    if (!r.proof.empty()) { // --unwind auto, --k-induction: no bound limits the answer
      os << "SAFE (" << r.proof << (shape.empty() ? "" : "; " + shape) << ")";
    } else {
      os << "SAFE (up to unwind " << v.eo.unwind;
      for (const std::string &b : session::otherBounds(prog, v.eo))
        os << "; " << b;
      if (!shape.empty())
        os << "; " << shape;
      os << ")";
    }
    if (r.checks == 0 && r.decidedChecks > 0) // every check simplified away: they hold on every input
      os << ": " << r.decidedChecks
         << (r.decidedChecks == 1 ? " check, decided while encoding (it holds on every input)"
                                  : " checks, each decided while encoding (they hold on every input)");
    else if (r.checks == 0) // nothing could fail: say so rather than let SAFE read as a proof of something
      os << ": nothing was checked (no assertion, contract, loop bound or run-time check in the code "
            "verified)";
    else // each check instance (after inlining and unrolling) was proved
      os << ": " << r.checks << (r.checks == 1 ? " check" : " checks");
    os << "\n";
    break;
  }
  case encoder::Verdict::Unknown:
    os << "UNKNOWN: the solver (" << r.solverName << ") gave no answer: " << r.reason << "\n";
    break;
  case encoder::Verdict::Mismatch: break; // an internal error, the caller's to report
  case encoder::Verdict::Failed:
  case encoder::Verdict::BoundFailed: {
    bool bound = r.verdict == encoder::Verdict::BoundFailed;
    os << (bound ? "UNKNOWN: " : "FAILED: ") << encoder::checkName(r.check->kind);
    if (bound || !r.outcome)
      os << (r.check->message.empty() ? "" : ": " + r.check->message);
    else
      os << ": " << r.outcome->message;
    if (r.check->stmt)
      os << "\n  at " << at << " (in " << prog.procs[r.check->proc].name << ", statement #" << r.check->stmt
         << ")\n";
    else
      os << "\n  at " << at << " (the specification of " << prog.procs[r.check->proc].name << ")\n";
    if (bound)
      os << "  no failure within the bounds, but they do not cover every execution "
            "(increase --unwind / --heap, or --no-unwinding-assertions)\n";
    os << "inputs: " << (r.cx.args.empty() ? "(none)" : valueList(prog, proc, r.cx.args)) << "\n";
    if (repair::isCommandLineEntry(prog, entry))
      os << "command line: " << session::commandLineText(prog, entry, r.cx.args) << "\n";
    if (!r.cx.input.empty() || reads(prog))
      os << "stdin: \"" << ir::showBytes(v.eo.fixedInput.value_or(r.cx.input), 400) << "\"\n";
    if (!r.cx.nondets.empty())
      os << "nondet: " << nondetList(r.cx.nondets) << "\n";
    for (size_t k = 0; k < r.cx.heap.size(); ++k) {
      os << (k ? "            " : "input heap: ") << "n" << k + 1 << ": ";
      if (r.cx.heap[k].isArray()) { // an input array: the elements the run read, the others 0
        os << ir::nodeText(prog, r.cx.heap[k]) << "\n";
        continue;
      }
      os << prog.records.at(r.cx.heap[k].record).name << " {";
      const ir::Record &rec = prog.records.at(r.cx.heap[k].record);
      for (size_t f = 0; f < rec.fields.size(); ++f)
        os << (f ? ", " : "") << rec.fields[f].name << " = " << ir::toString(r.cx.heap[k].fields[f]);
      os << "}\n";
    }
    if (r.outcome) {
      os << "counterexample (replayed by the interpreter):\n";
      // --trace: every step; else the last 20 of a bound failure's (a real failure's location and state
      // say what failed)
      size_t tail = v.trace ? r.outcome->trace.size() : bound ? 20 : 0;
      printOutcome(os, OutcomeView{prog, *r.outcome, entry, v.sm}, tail, true);
    }
    break;
  }
  case encoder::Verdict::Error: break;
  }
  if (!r.searchNote.empty())
    os << "search: " << r.searchNote << "\n";
  if (v.stats)
    printStats(os, *v.stats, r);
}

void printTestResults(std::ostream &os, const ir::Program &prog, const session::TestRun &run, bool trace) {
  for (const session::TestRun::Test &t : run.tests) {
    const ir::Outcome &out = t.outcome;
    bool pass = out.kind == ir::OutcomeKind::Ok;
    os << session::testStatus(out) << " " << prog.procs[t.proc].name;
    if (!pass) {
      os << ": " << (out.message.empty() ? verdict(out) : out.message);
      if (out.loc.valid())
        os << " at " << where(prog, out.loc);
    }
    os << "\n";
    if (!pass && trace)
      printOutcome(os, OutcomeView{prog, out, t.proc}, out.trace.size(), true);
  }
}

void printTestTally(std::ostream &os, const session::TestRun &run, const std::string &file,
                    const std::string &filter) {
  if (run.tests.empty()) {
    os << file << ": no tests" << (filter.empty() ? "" : " matching '" + filter + "'") << "\n";
    return;
  }
  os << run.passed << " passed, " << run.failed << " failed";
  if (run.unknown)
    os << ", " << run.unknown << " unknown";
  os << "\n";
}

Json testRunJson(const std::string &file, const ir::Program &prog, const session::TestRun &run, bool trace) {
  Json tests = Json::array();
  for (const session::TestRun::Test &t : run.tests) {
    Json j;
    j["test"] = prog.procs[t.proc].name;
    j["status"] = session::testStatus(t.outcome);
    j.update(toJson(OutcomeView{prog, t.outcome, t.proc}, trace));
    tests.push_back(std::move(j));
  }
  return Json{{"file", file},
              {"passed", run.passed},
              {"failed", run.failed},
              {"unknown", run.unknown},
              {"tests", std::move(tests)}};
}

namespace {

/// A suite test's command line: `3 4 < in.txt`.
std::string suiteCommandLine(const repair::SuiteTest &t) {
  std::string cmdline;
  for (const std::string &a : t.args)
    cmdline += (cmdline.empty() ? "" : " ") + a;
  if (t.inputFile)
    cmdline += (cmdline.empty() ? "< " : " < ") + *t.inputFile;
  return cmdline;
}

} // namespace

void printSuiteRun(std::ostream &os, const ir::Program &prog, const session::SuiteRun &run,
                   const session::SuiteTally &t) {
  using Status = repair::SuiteResult::Status;
  for (size_t k = 0; k < run.results.size(); ++k) {
    const repair::SuiteResult &r = run.results[k];
    os << repair::statusName(r.status) << " " << run.suite.tests[k].name;
    if (std::string cmdline = suiteCommandLine(run.suite.tests[k]); !cmdline.empty())
      os << " (" << cmdline << ")";
    if (r.status != Status::Pass) {
      os << ": " << r.message;
      const ir::Outcome &o = r.run.outcome;
      if (r.status == Status::Fail && o.failure != ir::FailureKind::Output && o.loc.valid())
        os << " at " << where(prog, o.loc);
    }
    os << "\n";
  }
  os << t.passed << " passed, " << t.failed << " failed";
  if (t.unknown)
    os << ", " << t.unknown << " unknown";
  if (t.errors)
    os << ", " << t.errors << " errors";
  if (t.leftOut)
    os << ", " << t.leftOut << " left out (the reference does not end ok on them)";
  os << "\n";
}

Json suiteRunJson(const std::string &file, const session::SuiteRun &run, const session::SuiteTally &t) {
  using Status = repair::SuiteResult::Status;
  Json tests = Json::array();
  for (size_t k = 0; k < run.results.size(); ++k) {
    const repair::SuiteResult &r = run.results[k];
    const repair::SuiteTest &test = run.suite.tests[k];
    Json j{{"test", test.name}, {"status", repair::statusName(r.status)}, {"args", test.args}};
    if (test.inputFile)
      j["input_file"] = *test.inputFile;
    if (!r.message.empty())
      j["message"] = r.message;
    if (r.status == Status::Pass || r.status == Status::Fail) {
      j["output"] = r.run.outcome.output;
      if (r.run.outcome.result)
        j["result"] = ir::toString(*r.run.outcome.result);
    }
    if (r.expect && r.expect->output)
      j["expected_output"] = *r.expect->output;
    if (r.expect && r.expect->status)
      j["expected_result"] = r.expect->status->toString();
    tests.push_back(std::move(j));
  }
  Json doc{
      {"file", file},         {"suite", run.suite.path}, {"passed", t.passed},       {"failed", t.failed},
      {"unknown", t.unknown}, {"errors", t.errors},      {"tests", std::move(tests)}};
  if (t.leftOut)
    doc["left_out"] = t.leftOut;
  return doc;
}

} // namespace locus::render
