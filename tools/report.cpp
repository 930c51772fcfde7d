// The Reporter, and the text and JSON rendering of diagnostics, IR listings, interpreter outcomes and states.
#include "tools/report.h"

#include "ir/printer.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <ostream>
#include <sstream>

namespace locus::report {

namespace {

/// A stream that discards everything (the text output under --json).
class NullBuffer : public std::streambuf {
protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char *, std::streamsize n) override { return n; }
};

std::ostream &nullStream() {
  static NullBuffer buf;
  static std::ostream os(&buf);
  return os;
}

} // namespace

Reporter::Reporter(std::ostream &out, std::ostream &err) : out_(out), err_(err) {}

void Reporter::scan(const CLI::App &app, int argc, char **argv) {
  const CLI::App *at = &app;
  std::string name;
  bool descending = true;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--json")
      json_ = true;
    if (!descending || a.empty() || a[0] == '-')
      continue;
    const CLI::App *sub = nullptr;
    for (const CLI::App *s : at->get_subcommands([](const CLI::App *) { return true; }))
      if (s->get_name() == a)
        sub = s;
    if (!sub) {
      descending = false;
      continue;
    }
    name += (name.empty() ? "" : " ") + a;
    at = sub;
  }
  command_ = name.empty() ? "locus" : name;
}

std::ostream &Reporter::text() {
  return json_ ? nullStream() : out_;
}

void Reporter::diagnostics(const Diagnostics &diags) {
  if (!json_) {
    diags.print(err_);
    return;
  }
  for (Json &d : toJson(diags))
    diagnostics_.push_back(std::move(d));
}

void Reporter::warning(const std::string &message) {
  if (json_)
    warnings_.push_back(message);
  else
    err_ << "locus: warning: " << message << "\n";
}

void Reporter::note(const std::string &message) {
  if (json_)
    notes_.push_back(message);
  else
    err_ << message << "\n";
}

int Reporter::finish(Json doc, int code) {
  if (!json_ || finished_)
    return code;
  finished_ = true;
  Json j;
  j["command"] = command_;
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "command")
      j[it.key()] = it.value();
  if (!j.contains("ok"))
    j["ok"] = code != Exit::InputError && code != Exit::Internal;
  j["exit_code"] = code;
  if (!diagnostics_.empty() && !j.contains("diagnostics"))
    j["diagnostics"] = diagnostics_;
  if (!warnings_.empty())
    j["warnings"] = warnings_;
  if (!notes_.empty())
    j["notes"] = notes_;
  // Strings from files and command lines need not be UTF-8: invalid bytes become U+FFFD instead of an
  // exception from the JSON library (issue 11).
  out_ << j.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  out_.flush();
  return code;
}

int Reporter::error(int code, const std::string &message, Json doc) {
  if (!json_) {
    err_ << "locus: " << (code == Exit::Internal ? "internal error: " : "error: ") << message << "\n";
    return code;
  }
  doc["ok"] = false;
  doc["error"] = Json{{"message", message}};
  return finish(std::move(doc), code);
}

void Reporter::flush() {
  out_.flush();
  err_.flush();
}

int Reporter::parseError(const CLI::App &app, const CLI::ParseError &e) {
  if (e.get_exit_code() == 0) { // --help (CallForHelp, CallForAllHelp)
    std::string help =
        app.help("", dynamic_cast<const CLI::CallForAllHelp *>(&e) ? CLI::AppFormatMode::All
                                                                   : CLI::AppFormatMode::Normal);
    if (!json_)
      out_ << help;
    return finish(Json{{"help", help}}, Exit::Ok);
  }
  // CLI11's sentences start upper-case and some end in a period; ours do neither.
  std::string msg = e.what();
  size_t word = msg.find(' ');
  bool acronym = word != std::string::npos && word > 1 &&
                 std::all_of(msg.begin(), msg.begin() + static_cast<long>(word),
                             [](unsigned char ch) { return !std::islower(ch); });
  if (!msg.empty() && !acronym)
    msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
  while (!msg.empty() && (msg.back() == '.' || msg.back() == '\n'))
    msg.pop_back();
  int code = error(Exit::InputError, msg);
  if (!json_)
    err_ << "run '" << (command_ == "locus" ? "locus" : "locus " + command_) << " --help' for the options\n";
  return code;
}

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
         << stmtText(prog, index, o.proc, o.stmt) << "\n";
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

} // namespace locus::report
