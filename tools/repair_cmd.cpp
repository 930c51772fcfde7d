// `locus repair`: find the failure, run a repair method, print each repair as a unified diff of the user's
// source (re-verified from the patched text by the library before it gets here). docs/repair.md.
#include "tools/repair_cmd.h"

#include "ir/analysis.h"
#include "repair/fix/fix.h"
#include "repair/mutation/mutation.h"
#include "session/bounds.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/program.h"
#include "session/render.h"
#include "session/repair.h"
#include "session/values.h"
#include "tools/html_output.h"
#include "tools/localize_cmd.h"
#include "tools/options.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace locus::tools {

using report::Exit;
using report::Json;

namespace {

struct Store {
  std::string file;
  std::vector<std::string> importPath;
  std::string method = fix::methods().front()->name(); ///< the first registered is the default
  std::string entry = "main";
  session::Bounds bounds; ///< --unwind, --heap, … (options.h)
  std::string solver = "z3";
  double timeout = 120;
  bool all = false;
  size_t max = 0; ///< 0: 1, or 10 with --all
  std::string out;
  std::string html;
  std::string procs;
  bool stats = false;
  repair::OptionValues methodOptions; ///< the methods' own options (fix::optionDeclarations)
  session::SpecSource spec;           ///< --reference, --reference-entry, --tests, --compare (options.h)
};

Json repairJson(const fix::Repair &r) {
  Json locs = Json::array();
  for (const repair::patch::EditLocation &l : r.patch.locations)
    locs.push_back(Json{{"file", l.file}, {"line", l.range.begin.line}, {"column", l.range.begin.col}});
  Json j{{"diff", r.patch.diff},         {"locations", locs},
         {"changes", r.changes},         {"size", r.size},
         {"verified", r.check.verified}, {"tests_passed", r.check.testsPassed},
         {"tests", r.check.tests},       {"time_s", r.seconds}};
  if (r.check.suiteTests || !r.check.bounded) { // --tests
    j["suite_tests_passed"] = r.check.suiteTests;
    j["bounded_verified"] = r.check.bounded;
  }
  return j;
}

int rcOf(const fix::Result &r) {
  switch (r.status) {
  case fix::Status::Repaired: return Exit::Violated;
  case fix::Status::NoFailure: return Exit::Ok;
  case fix::Status::NotRepaired:
  case fix::Status::Unknown: return Exit::Unknown;
  case fix::Status::Error: return r.message.rfind("internal", 0) == 0 ? Exit::Internal : Exit::InputError;
  }
  return Exit::Internal;
}

const fix::Method *chosenMethod(const Store &o) {
  if (const fix::Method *m = fix::findMethod(o.method))
    return m;
  report::usageError("unknown method '" + o.method + "' (methods: " + repair::methodNames(fix::methods()) +
                     ")");
}

Json resultJson(const std::string &file, const ir::Program &prog, const fix::Result &r) {
  Json j{{"file", file}, {"method", r.method}, {"solver", r.solver}, {"status", fix::statusName(r.status)}};
  if (!r.message.empty())
    j["message"] = r.message;
  if (r.failure)
    j["failure"] = render::failureJson(prog, *r.failure);
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

/// Which specification a repair satisfies (docs/repair.md): against a reference it is correct within the
/// bound; against the program's own assertions and tests, or a suite only, plausible.
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

/// When every repair changes the entry and the main file has other procedures: the entry may be a test
/// driver whose inputs or checks the repair changed; --procs names the code under test.
void noteEntryRepairs(std::ostream &os, const Store &o, const ir::Program &prog, const fix::Result &r) {
  uint32_t entry = prog.procIndex(o.entry);
  std::vector<uint32_t> under = repair::mutation::defaultProcsUnderTest(prog, o.file, o.entry);
  if (entry == ir::kNone || r.repairs.empty() || std::find(under.begin(), under.end(), entry) != under.end())
    return;
  ir::StmtIndex index(prog);
  for (const fix::Repair &x : r.repairs)
    for (const repair::patch::Edit &e : x.edits)
      if (index.procOf(e.stmt) != entry)
        return;
  std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog);
  std::string names;
  for (uint32_t k : under) {
    bool helper = !prog.procs[k].body.empty(); // a check's helper is no code under test
    ir::forEachStmt(prog.procs[k].body, [&](const ir::Stmt &s) { helper = helper && spec.count(s.id); });
    if (!helper)
      names += (names.empty() ? "" : ",") + prog.procs[k].name;
  }
  if (names.empty())
    return;
  os << "note: every repair changes '" << o.entry
     << "', the entry: if it only builds inputs and checks them, name the code under test with --procs "
     << names << "\n";
}

/// Repair `k` (from 1): its size, when it was found, what its re-verification ran, which specification it
/// satisfies, its changes and its diff.
void printRepair(std::ostream &os, size_t k, const fix::Repair &x, const fix::Spec &spec) {
  os << "\nrepair " << k << " (" << x.size << " change" << (x.size == 1 ? "" : "s") << ", found after "
     << std::fixed << std::setprecision(3) << x.seconds << " s; re-verified from the patched source";
  if (x.check.tests)
    os << ", " << x.check.tests << " test" << (x.check.tests == 1 ? "" : "s") << " pass";
  os << "): " << satisfiedSpec(spec, x.check) << "\n";
  for (const std::string &c : x.changes)
    os << "  " << c << "\n";
  os << x.patch.diff;
  if (!x.patch.diff.empty() && x.patch.diff.back() != '\n')
    os << "\n";
}

/// The verdict's lines: REPAIRED (with the note on repairs of the entry), NOT REPAIRED, UNKNOWN; the time.
void printVerdict(std::ostream &os, const Store &o, const ir::Program &prog, const fix::Result &r) {
  switch (r.status) {
  case fix::Status::Repaired:
    os << "REPAIRED: " << r.repairs.size() << " repair" << (r.repairs.size() == 1 ? "" : "s")
       << (r.complete ? " (every minimal repair in the space)" : "");
    if (!o.out.empty())
      os << "; the first written to " << o.out;
    os << "\n";
    noteEntryRepairs(os, o, prog, r);
    break;
  case fix::Status::NoFailure: os << "no failure to repair: " << r.message << "\n"; break;
  case fix::Status::NotRepaired: os << "NOT REPAIRED: " << r.message << "\n"; break;
  case fix::Status::Unknown: os << "UNKNOWN: " << r.message << "\n"; break;
  case fix::Status::Error: break;
  }
  os << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
}

/// `--html FILE`: the failure and the verdict, each repair's diff, the failing run's trace and heaps.
void writeRepairHtml(const Store &o, const fix::Problem &problem, const fix::Result &r) {
  std::ostringstream answer;
  if (r.failure)
    render::printFailure(answer, problem.prog, *r.failure);
  printVerdict(answer, o, problem.prog, r);
  render::HtmlReport h("repair", o.file, problem.sm, problem.prog, ir::kNone, answer.str());
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
    h.repairs.push_back(render::HtmlRepair{&x, satisfiedSpec(problem.spec, x.check)});
  writeHtml(o.html, h);
}

/// The text answer as it is found: the failure and the method's line as soon as the failure is known, each
/// repair when it is verified (flushed, through the method's observer); the end (`finish`) when the method
/// returns. Under `--json` it prints nothing (the one document comes at the end). Its token is Ctrl-C's.
class LiveAnswer final : public repair::Observer {
public:
  LiveAnswer(report::Reporter &rep, const Store &o, const ir::Program &prog, const fix::Method &method)
      : rep_(rep), o_(o), prog_(prog), method_(method) {}
  void setProblem(const fix::Problem &problem) { problem_ = &problem; }

  void failure(const repair::Failure &f) override {
    if (rep_.json())
      return;
    render::printFailure(rep_.text(), prog_, f);
    header();
  }
  void repaired(const fix::Repair &r) override {
    if (rep_.json())
      return;
    header();
    printRepair(rep_.text(), ++shown_, r, problem_->spec);
    rep_.text().flush();
  }
  const repair::CancelToken *cancel() const override { return &session::interruptToken(); }

  /// The rest: what was not streamed (a failure known only at the end), the verdict, the time, the counters.
  void finish(const fix::Result &r) {
    std::ostream &os = rep_.text();
    if (!headerShown_ && r.failure)
      render::printFailure(os, prog_, *r.failure);
    header();
    for (size_t k = shown_; k < r.repairs.size(); ++k)
      printRepair(os, k + 1, r.repairs[k], problem_->spec);
    if (!r.repairs.empty())
      os << "\n";
    printVerdict(os, o_, prog_, r);
    if (o_.stats)
      for (const auto &[k, v] : r.stats)
        os << "stats: " << k << " " << v << "\n";
  }

private:
  /// The method's line, once: its configuration, solver and bound.
  void header() {
    if (headerShown_)
      return;
    headerShown_ = true;
    std::ostream &os = rep_.text();
    os << "method: " << method_.name();
    if (std::string config = problem_ ? method_.describe(*problem_) : ""; !config.empty())
      os << " (" << config << ")";
    os << " on " << o_.solver << ", unwind " << o_.bounds.unwind << "\n";
    os.flush();
  }

  report::Reporter &rep_;
  const Store &o_;
  const ir::Program &prog_;
  const fix::Method &method_;
  const fix::Problem *problem_ = nullptr;
  bool headerShown_ = false;
  size_t shown_ = 0; ///< repairs printed so far
};

int run(const Store &o, report::Reporter &rep) {
  const fix::Method *method = chosenMethod(o);
  if (o.timeout < 0 || !(o.timeout < 1e7))
    report::usageError("--timeout: expected a number of seconds in [0, 1e7)");
  if (std::string err = fix::checkOptions(o.methodOptions); !err.empty())
    report::usageError(err);
  session::RepairSubject subject =
      session::prepareRepair(session::Source{o.file, o.importPath}, o.bounds, o.entry, o.spec, o.solver,
                             [&](const Diagnostics &d) { rep.diagnostics(d); });
  if (!subject.loaded->prog)
    return rep.finish(Json{{"file", o.file}, {"ok", false}}, Exit::InputError);
  for (const std::string &t : subject.leftOut)
    rep.warning("--tests: " + t);
  const ir::Program &prog = subject.prog();
  fix::Options fo;
  fo.solver = o.solver;
  fo.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  fo.maxRepairs = o.max ? o.max : o.all ? 10 : 1;
  fo.given = o.methodOptions;
  fo.procs = session::repairProcedures(prog, o.procs);
  if (fo.procs)
    fo.named = *fo.procs;
  if (!fo.procs)
    fo.procs = session::defaultProcedures(prog, o.file, o.entry);
  fix::Problem problem{prog, subject.loaded->sm, subject.spec, fo};
  LiveAnswer live(rep, o, prog, *method);
  live.setProblem(problem);
  problem.observer = &live;
  fix::Result r = method->run(problem);
  if (r.status == fix::Status::Unknown)
    r.message = session::namingMemoryLimit(r.message);
  int rc = rcOf(r);
  if (session::interrupted() && rc != Exit::Ok && rc != Exit::Violated && rc != Exit::Internal)
    rc = Exit::Unknown; // stopped before a definite answer
  if (!r.repairs.empty() && !o.out.empty()) {
    std::ofstream out(o.out, std::ios::binary);
    out << r.repairs.front().patch.files.front().after;
    if (!out)
      report::usageError("--out: cannot write '" + o.out + "'");
  }
  if (!o.html.empty() && r.status != fix::Status::Error)
    writeRepairHtml(o, problem, r);
  if (r.status == fix::Status::Error)
    return rep.error(static_cast<Exit>(rc), r.message,
                     Json{{"file", o.file}, {"method", r.method}, {"solver", r.solver}});
  if (rep.json()) {
    Json j = resultJson(o.file, prog, r);
    if (session::interrupted())
      j["interrupted"] = session::interruptSignal();
    return rep.finish(std::move(j), rc);
  }
  live.finish(r);
  if (session::interrupted())
    rep.text() << "interrupted by " << session::interruptSignal()
               << ": the answer above is what was found so far\n";
  return rep.finish(Json::object(), rc);
}

} // namespace

RepairCommand addRepairCommand(CLI::App &app, report::Reporter &rep) {
  RepairCommand c;
  auto store = std::make_shared<Store>();
  Store &o = *store;
  c.cmd = app.add_subcommand("repair", "find a failure and patch the source so that the program verifies; "
                                       "each patch is re-verified from the patched text");
  c.cmd->add_option("FILE", o.file, "a .gcl or .c file")->required();
  c.cmd->add_flag("--json", rep.jsonFlag(), "print the result as JSON on stdout");
  c.cmd->add_option("-I,--import-path", o.importPath, "extra directory searched by `import` / `#include`");
  c.cmd->add_option("--method", o.method, fix::methodHelp())->capture_default_str();
  c.cmd->add_option("--entry", o.entry, "the procedure to repair (with what it calls)")
      ->capture_default_str();
  c.cmd->add_option("--solver", o.solver, "z3, cvc5 or smtlib:COMMAND")->capture_default_str();
  addBoundOptions(c.cmd, o.bounds);
  c.cmd->add_option("--timeout", o.timeout, "time limit of the whole repair in seconds (0: none)")
      ->capture_default_str();
  c.cmd->add_flag("--all", o.all, "enumerate every minimal repair (up to --max, 10 by default)");
  c.cmd->add_option("--max", o.max, "stop after this many repairs (default 1, or 10 with --all)");
  c.cmd->add_option("--out", o.out, "write the first repair's patched source to this file");
  addHtmlOption(c.cmd, o.html, "each repair's diff, the failing run's trace and heap pictures");
  c.cmd->add_option("--procs", o.procs,
                    "the procedures whose statements may change, comma-separated, or all (default: those "
                    "defined in FILE, except tests, and except the entry when it is a test driver)");
  c.cmd->add_flag("--stats", o.stats, "print the method's counters");
  addMethodOptions(c.cmd, fix::optionDeclarations(), o.methodOptions);
  addSpecOptions(c.cmd, o.spec, true);
  c.run = [store](report::Reporter &r) { return run(*store, r); };
  return c;
}

} // namespace locus::tools
