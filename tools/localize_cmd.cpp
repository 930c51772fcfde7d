// `locus localize`: find the failure to explain, run a localization method on it, print the ranked lines.
#include "tools/localize_cmd.h"

#include "frontend/source.h"
#include "repair/common/failure.h"
#include "repair/common/suite.h"
#include "repair/common/tests.h"
#include "repair/localize/localize.h"
#include "session/bounds.h"
#include "session/failure.h"
#include "session/program.h"
#include "session/values.h"
#include "tools/options.h"
#include "tools/report.h"
#include "tools/sarif.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

namespace locus::tools {

using report::Exit;
using report::Json;
using session::splitList;

namespace {

struct Store {
  std::string file;
  std::vector<std::string> importPath;
  std::string method = localize::methods().front()->name(); ///< the first registered is the default
  std::string entry = "main";
  std::string test;
  std::string args, nondet;
  bool haveArgs = false;
  session::Bounds bounds; ///< --unwind, --heap, … (options.h)
  std::string solver = "z3";
  double timeout = 0;
  repair::OptionValues methodOptions; ///< the methods' own options (localize::optionDeclarations)
  std::string procs;
  bool stats = false;
  size_t failures = 1;
  bool allFailing = false;
  std::string sarif;
  session::SpecSource spec; ///< --reference, --reference-entry, --tests, --compare (options.h)
};

std::string partText(encoder::Part p) {
  return encoder::partName(p);
}

/// The text of a source line (trimmed), from the files the front end read.
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

/// A result's sets, ranking and counters into `j` (docs/localize.md).
void resultJson(Json &j, const SourceManager &sm, const ir::Program &prog, const localize::Result &r) {
  ir::StmtIndex index(prog);
  j["complete"] = r.complete;
  Json sets = Json::array();
  for (size_t k = 0; k < r.sets.size(); ++k) {
    Json members = Json::array();
    for (const localize::Blame &b : r.sets[k]) {
      Json m{{"statement", b.stmt}, {"part", partText(b.part)}};
      if (const ir::Stmt *s = index.find(b.stmt); s && s->loc.valid()) {
        m["file"] = prog.files.at(s->loc.file);
        m["line"] = s->loc.line;
        m["column"] = s->loc.col;
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
      resultJson(fj, sm, prog, f);
      each.push_back(std::move(fj));
    }
    j["per_failure"] = each;
  }
}

/// A result as text: its note, sets, ranking and (with --stats) counters.
void printResult(std::ostream &os, const SourceManager &sm, const ir::Program &prog,
                 const localize::Result &r, const Store &o) {
  ir::StmtIndex index(prog);
  if (!r.message.empty())
    os << (r.status == localize::Status::Localized ? "note: " : "") << r.message << "\n";
  if (!r.sets.empty()) {
    os << "sets (" << r.sets.size() << ", in the order found" << (r.complete ? ", complete" : "")
       << " up to size " << localize::optionText(o.methodOptions, localize::kMaxSize) << "):\n";
    for (size_t k = 0; k < r.sets.size(); ++k) {
      os << "  " << k + 1 << ". {";
      for (size_t i = 0; i < r.sets[k].size(); ++i) {
        const localize::Blame &b = r.sets[k][i];
        const ir::Stmt *s = index.find(b.stmt);
        os << (i ? ", " : "") << partText(b.part) << " of #" << b.stmt;
        if (s && s->loc.valid())
          os << " @" << s->loc.line << ":" << s->loc.col;
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
  if (o.stats)
    for (const auto &[k, v] : r.stats)
      os << "stats: " << k << " " << v << "\n";
}

int run(const Store &o, report::Reporter &rep) {
  bool all = o.method == "all";
  const localize::Method *method = all ? nullptr : localize::findMethod(o.method);
  if (!method && !all) {
    std::string names;
    for (const auto &m : localize::methods())
      names += (names.empty() ? "" : ", ") + std::string(m->name());
    report::usageError("unknown method '" + o.method + "' (methods: " + names + ", or all)");
  }
  if (std::string err = localize::checkOptions(o.methodOptions); !err.empty())
    report::usageError(err);
  if (o.timeout < 0 || !(o.timeout < 1e7))
    report::usageError("--timeout: expected a number of seconds in [0, 1e7)");
  session::FailureRequest req;
  req.file = o.file;
  req.entry = o.entry;
  req.test = o.test;
  req.args = o.args;
  req.haveArgs = o.haveArgs;
  req.nondet = o.nondet;
  req.failures = o.failures;
  req.allFailing = o.allFailing;
  req.haveStdin = !o.bounds.stdinFile.empty();
  req.spec = o.spec;
  session::checkRequest(req);

  auto t0 = std::chrono::steady_clock::now();
  std::unique_ptr<session::Loaded> loaded = session::load(session::Source{o.file, o.importPath});
  rep.diagnostics(loaded->diags);
  if (!loaded->prog)
    return rep.finish(Json{{"file", o.file}, {"ok", false}}, Exit::InputError);
  const SourceManager &sm = loaded->sm;
  std::optional<ir::Program> &prog = loaded->prog;

  repair::FailureSpec spec;
  spec.verify.encode = session::encodeOptions(o.bounds, *prog, o.file);
  spec.input = spec.verify.encode.fixedInput.value_or("");
  spec.verify.solver = o.solver;
  spec.verify.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  // A reference program without a suite: the product program, verify's counterexample (or the given run)
  // compared with the reference on the same inputs (ir/product.h).
  std::optional<session::Reference> ref;
  if (!o.spec.reference.empty()) {
    session::entryIndex(*prog, o.entry, o.file);
    ref = session::loadReference(o.spec, o.importPath, o.entry,
                                 [&](const Diagnostics &d) { rep.diagnostics(d); });
  }
  if (ref && o.spec.tests.empty()) {
    ir::Product product = session::productWith(*prog, prog->procIndex(o.entry), ref->prog(), ref->entry);
    prog = std::move(product.prog);
    spec.verify.encode.expect.reference = product.reference;
  }
  session::Selection sel =
      session::selectFailure(*prog, req, spec, ref && !o.spec.tests.empty() ? &*ref : nullptr);
  if (sel.noFailingTest) {
    rep.text() << "no failure to localize: " << sel.found.message << "\n";
    return rep.finish(Json{{"file", o.file},
                           {"method", all ? "all" : method->name()},
                           {"status", "no-failure"},
                           {"message", "no declared test fails"},
                           {"ranking", Json::array()}},
                      Exit::Ok);
  }
  const repair::FailureSearch &found = sel.found;
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  Json j;
  j["file"] = o.file;
  j["method"] = all ? "all" : method->name();
  j["solver"] = all || method->usesSolver() ? o.solver : "";
  switch (found.status) {
  case repair::FailureStatus::Found: break;
  case repair::FailureStatus::Invalid: report::usageError(found.message);
  case repair::FailureStatus::None:
  case repair::FailureStatus::Unknown:
  case repair::FailureStatus::Internal: {
    bool none = found.status == repair::FailureStatus::None;
    int rc = none                                             ? Exit::Ok
             : found.status == repair::FailureStatus::Unknown ? Exit::Unknown
                                                              : Exit::Internal;
    if (rc == Exit::Internal)
      return rep.error(rc, found.message, j);
    j["status"] = none ? "no-failure" : "unknown";
    j["message"] = found.message;
    j["time_s"] = seconds();
    j["ranking"] = Json::array();
    rep.text() << (none ? "no failure to localize: " : "UNKNOWN: ") << found.message << "\n";
    return rep.finish(std::move(j), rc);
  }
  }
  const repair::Failure &failure = *found.failure;
  const std::vector<repair::TestRun> &tests = sel.tests;
  std::vector<const repair::Failure *> failures{&failure};
  for (const repair::Failure &f : sel.more)
    failures.push_back(&f);

  localize::Options lo;
  lo.solver = o.solver;
  lo.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  lo.given = o.methodOptions;
  if (o.procs == "all") {
    lo.procs.reset();
  } else if (!o.procs.empty()) {
    lo.procs.emplace();
    for (const std::string &name : splitList(o.procs)) {
      uint32_t k = prog->procIndex(name);
      if (k == ir::kNone)
        report::usageError("--procs: no procedure '" + name + "'");
      lo.procs->insert(k);
    }
  } else {
    lo.procs = localize::ownProcedures(*prog, o.file);
  }
  localize::Problem problem{*prog, failure, tests, lo};
  problem.others.assign(failures.begin() + 1, failures.end());

  std::vector<const localize::Method *> chosen;
  if (all)
    for (const auto &m : localize::methods())
      chosen.push_back(m.get());
  else
    chosen.push_back(method);
  std::vector<localize::Result> results;
  for (const localize::Method *m : chosen) {
    if (all && m->needsTests() && tests.empty()) {
      localize::Result r;
      r.method = m->name();
      r.status = localize::Status::Error;
      r.message = "needs declared tests, and " + o.file + " declares none";
      results.push_back(std::move(r));
      continue;
    }
    results.push_back(localize::localizeFailures(*m, problem));
  }
  if (!o.sarif.empty()) {
    std::vector<const localize::Result *> rs;
    for (const localize::Result &r : results)
      if (r.status != localize::Status::Error)
        rs.push_back(&r);
    std::ofstream out(o.sarif);
    out << sarifLog(*prog, failures, rs).dump(2) << "\n";
    if (!out)
      report::usageError("--sarif: cannot write '" + o.sarif + "'");
  }

  auto rcOf = [](const localize::Result &r) {
    return r.status == localize::Status::Localized   ? Exit::Violated
           : r.status == localize::Status::Unknown   ? Exit::Unknown
           : r.status == localize::Status::NoFailure ? Exit::Ok
                                                     : Exit::InputError;
  };
  ir::StmtIndex index(*prog);
  if (!all) {
    const localize::Result &r = results.front();
    int rc = rcOf(r);
    if (r.status == localize::Status::Error)
      return rep.error(r.message.rfind("internal", 0) == 0 ? Exit::Internal : Exit::InputError, r.message, j);
    if (rep.json()) {
      j["status"] = localize::statusName(r.status);
      if (!r.message.empty())
        j["message"] = r.message;
      j["failure"] = failureJson(*prog, failure);
      if (failures.size() > 1) {
        Json fs = Json::array();
        for (const repair::Failure *f : failures)
          fs.push_back(failureJson(*prog, *f));
        j["failures"] = fs;
      }
      j["weights"] = localize::optionText(o.methodOptions, localize::kWeights);
      for (const auto &[key, value] : method->settings(problem))
        j[key] = value;
      j["time_s"] = seconds();
      j["method_time_s"] = r.seconds;
      resultJson(j, sm, *prog, r);
      return rep.finish(std::move(j), rc);
    }
    std::ostream &os = rep.text();
    for (const repair::Failure *f : failures)
      printFailure(os, *prog, *f);
    os << "method: " << method->name();
    if (std::string config = method->describe(problem); !config.empty())
      os << " (" << config << ")";
    if (method->usesSolver())
      os << " on " << o.solver;
    os << ", unwind " << failure.unwind << ", " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
    if (failures.size() > 1)
      os << (method->jointFailures()
                 ? "the " + std::to_string(failures.size()) + " failures at once\n"
                 : "each of the " + std::to_string(failures.size()) +
                       " failures, combined: the lines every ranking has, by average rank\n");
    printResult(os, sm, *prog, r, o);
    return rep.finish(Json::object(), rc);
  }
  // --method all: every method side by side.
  int rc = Exit::Ok;
  for (const localize::Result &r : results)
    if (r.status == localize::Status::Localized)
      rc = Exit::Violated;
  bool allUnknown = !results.empty();
  for (const localize::Result &r : results)
    allUnknown = allUnknown && r.status == localize::Status::Unknown;
  if (allUnknown)
    rc = Exit::Unknown;
  for (const localize::Result &r : results)
    if (r.status == localize::Status::Error && r.message.rfind("internal", 0) == 0)
      rc = Exit::Internal;
  if (rep.json()) {
    j["method"] = "all";
    j["status"] = rc == Exit::Violated ? "localized" : rc == Exit::Unknown ? "unknown" : "error";
    j["failure"] = failureJson(*prog, failure);
    j["weights"] = localize::optionText(o.methodOptions, localize::kWeights);
    j["time_s"] = seconds();
    Json ms = Json::array();
    for (const localize::Result &r : results) {
      Json mj{{"method", r.method},
              {"solver", r.solver},
              {"status", localize::statusName(r.status)},
              {"method_time_s", r.seconds}};
      if (!r.message.empty())
        mj["message"] = r.message;
      resultJson(mj, sm, *prog, r);
      ms.push_back(std::move(mj));
    }
    j["methods"] = ms;
    return rep.finish(std::move(j), rc);
  }
  std::ostream &os = rep.text();
  for (const repair::Failure *f : failures)
    printFailure(os, *prog, *f);
  os << "every method (" << localize::optionText(o.methodOptions, localize::kWeights)
     << " weights where they apply, on " << o.solver << ", unwind " << failure.unwind << "):\n";
  for (const localize::Result &r : results) {
    os << "\n== " << r.method << ": " << localize::statusName(r.status) << ", " << std::fixed
       << std::setprecision(3) << r.seconds << " s\n";
    if (r.status == localize::Status::Error) {
      os << r.message << "\n";
      continue;
    }
    printResult(os, sm, *prog, r, o);
  }
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
  for (const auto &[key, loc] : where) {
    std::ostringstream l;
    l << ir::formatLoc(*prog, loc);
    width = std::max(width, l.str().size() + 2);
  }
  std::vector<int> cols; // a column per method, as wide as its name and a gap
  for (const localize::Result &r : results)
    cols.push_back(static_cast<int>(std::max<size_t>(8, r.method.size() + 2)));
  os << "  " << std::left << std::setw(static_cast<int>(width)) << "line";
  for (size_t k = 0; k < results.size(); ++k)
    os << std::setw(cols[k]) << results[k].method;
  os << std::right << "\n";
  for (auto &[key, row] : table) {
    row.resize(results.size(), "-");
    std::ostringstream loc;
    loc << ir::formatLoc(*prog, where.at(key));
    os << "  " << std::left << std::setw(static_cast<int>(width)) << loc.str();
    for (size_t k = 0; k < row.size(); ++k)
      os << std::setw(cols[k]) << row[k];
    os << std::right << "  " << sourceLine(sm, *prog, where.at(key)) << "\n";
  }
  return rep.finish(Json::object(), rc);
}

} // namespace

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
      heap.push_back(report::nodeToJson(prog, f.heap[k], static_cast<uint32_t>(k + 1)));
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

// The failure on one line: what failed, where, its origin and inputs.
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

void addMethodOptions(CLI::App *cmd, const std::vector<repair::OptionDecl> &decls,
                      repair::OptionValues &values) {
  for (const repair::OptionDecl &d : decls) {
    std::string flag = d.flag;
    if (d.kind == repair::OptionKind::Bool) {
      cmd->add_flag_function(
          flag, [&values, flag](int64_t) { values.set(flag, "true"); }, d.helpLine());
      continue;
    }
    cmd->add_option_function<std::string>(
           flag, [&values, flag](const std::string &v) { values.set(flag, v); }, d.helpLine())
        ->type_name(d.kind == repair::OptionKind::Unsigned  ? "UINT"
                    : d.kind == repair::OptionKind::Integer ? "INT"
                                                            : "TEXT")
        ->default_str(d.defaultText);
  }
}

LocalizeCommand addLocalizeCommand(CLI::App &app, report::Reporter &rep) {
  LocalizeCommand c;
  auto store = std::make_shared<Store>();
  Store &o = *store;
  c.cmd =
      app.add_subcommand("localize", "rank the statements that explain a failure (verify's counterexample, a "
                                     "failing test, or a run on given inputs)");
  c.cmd->add_option("FILE", o.file, "a .gcl or .c file")->required();
  c.cmd->add_flag("--json", rep.jsonFlag(), "print the result as JSON on stdout");
  c.cmd->add_option("-I,--import-path", o.importPath, "extra directory searched by `import` (repeatable)");
  c.cmd->add_option("--method", o.method, localize::methodHelp())->capture_default_str();
  c.cmd->add_option("--entry", o.entry, "the procedure whose failure is localized")->capture_default_str();
  c.cmd->add_option("--test", o.test, "localize the failure of this declared test instead");
  c.cmd->add_option("--args", o.args, "localize the run on these arguments (comma-separated), not verify's")
      ->each([&o](const std::string &) { o.haveArgs = true; });
  c.cmd->add_option("--nondet", o.nondet, "values for `nondet` in that run, comma-separated");
  c.cmd->add_option("--solver", o.solver, "z3, cvc5 or smtlib:COMMAND")->capture_default_str();
  addBoundOptions(c.cmd, o.bounds);
  c.cmd->add_option("--timeout", o.timeout,
                    "time limit in seconds for verify and for the method, each (0: none)");
  addMethodOptions(c.cmd, localize::optionDeclarations(), o.methodOptions);
  c.cmd->add_option("--procs", o.procs,
                    "the procedures whose statements may be blamed, comma-separated, or all (default: those "
                    "defined in FILE, tests excepted)");
  c.cmd->add_flag("--stats", o.stats, "print the method's counters");
  c.cmd
      ->add_option("--failures,--inputs", o.failures,
                   "localize this many failures: verify's counterexample and further ones with other inputs "
                   "(mbd takes them at once as its set J; the other methods run once per failure, combined)")
      ->capture_default_str();
  c.cmd->add_flag("--all-failing", o.allFailing,
                  "localize every failing declared test of FILE (combined as --failures combines)");
  c.cmd->add_option("--sarif", o.sarif, "also write the ranking as SARIF 2.1.0 to this file");
  addSpecOptions(c.cmd, o.spec, true);
  c.cmd->add_option("--stdin", o.bounds.stdinFile, "a file whose bytes are the standard input");
  c.run = [store](report::Reporter &r) { return run(*store, r); };
  return c;
}

} // namespace locus::tools
