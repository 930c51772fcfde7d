// `locus localize`: find the failure to explain, run a localization method on it, print the ranked lines.
#include "tools/localize_cmd.h"

#include "repair/common/failure.h"
#include "repair/common/suite.h"
#include "repair/common/tests.h"
#include "repair/localize/localize.h"
#include "session/bounds.h"
#include "session/failure.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/program.h"
#include "session/render.h"
#include "session/repair.h"
#include "session/sarif.h"
#include "session/values.h"
#include "tools/html_output.h"
#include "tools/options.h"
#include "tools/report.h"
#include "tools/version.h"

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
  std::string html;
  session::SpecSource spec; ///< --reference, --reference-entry, --tests, --compare (options.h)
};

/// The method `--method` names (nullptr for all); a usage error naming the methods when there is none.
const localize::Method *chosenMethod(const Store &o) {
  if (o.method == "all")
    return nullptr;
  if (const localize::Method *m = localize::findMethod(o.method))
    return m;
  report::usageError("unknown method '" + o.method +
                     "' (methods: " + repair::methodNames(localize::methods()) + ", or all)");
}

session::SubjectRequest subjectRequest(const Store &o) {
  session::SubjectRequest req;
  req.src = session::Source{o.file, o.importPath};
  req.bounds = o.bounds;
  req.solver = o.solver;
  req.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  session::FailureRequest &f = req.failure;
  f.file = o.file;
  f.entry = o.entry;
  f.test = o.test;
  f.args = o.args;
  f.haveArgs = o.haveArgs;
  f.nondet = o.nondet;
  f.failures = o.failures;
  f.allFailing = o.allFailing;
  f.haveStdin = !o.bounds.stdinFile.empty();
  f.spec = o.spec;
  return req;
}

/// The answer when there is no failure to localize (or verify could not say): text and JSON; nullopt when
/// there is a failure.
std::optional<int> noFailure(const Store &o, const session::Selection &sel, const localize::Method *method,
                             double seconds, report::Reporter &rep) {
  const repair::FailureSearch &found = sel.found;
  if (sel.noFailingTest) {
    rep.text() << "no failure to localize: " << found.message << "\n";
    return rep.finish(Json{{"file", o.file},
                           {"method", method ? method->name() : "all"},
                           {"status", "no-failure"},
                           {"message", "no declared test fails"},
                           {"ranking", Json::array()}},
                      Exit::Ok);
  }
  Json j{{"file", o.file},
         {"method", method ? method->name() : "all"},
         {"solver", !method || method->usesSolver() ? o.solver : ""}};
  switch (found.status) {
  case repair::FailureStatus::Found: return std::nullopt;
  case repair::FailureStatus::Invalid: report::usageError(found.message);
  case repair::FailureStatus::Internal: return rep.error(Exit::Internal, found.message, j);
  case repair::FailureStatus::None:
  case repair::FailureStatus::Unknown: break;
  }
  bool none = found.status == repair::FailureStatus::None;
  std::string message = none ? found.message : session::namingMemoryLimit(found.message);
  j["status"] = none ? "no-failure" : "unknown";
  j["message"] = message;
  j["time_s"] = seconds;
  j["ranking"] = Json::array();
  rep.text() << (none ? "no failure to localize: " : "UNKNOWN: ") << message << "\n";
  return rep.finish(std::move(j), none ? Exit::Ok : Exit::Unknown);
}

/// The methods' options: the shared ones, the given method options, the procedures that may be blamed.
localize::Options localizeOptions(const Store &o, const ir::Program &prog) {
  localize::Options lo;
  lo.solver = o.solver;
  lo.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  lo.given = o.methodOptions;
  if (o.procs == "all")
    lo.procs.reset();
  else if (!o.procs.empty())
    lo.procs = lo.named = session::namedProcedures(prog, o.procs);
  else {
    const std::string &entry = o.test.empty() ? o.entry : o.test;
    lo.procs = session::defaultProcedures(prog, o.file, entry);
    std::unordered_set<uint32_t> builders = session::inputBuilders(prog, o.file, entry);
    if (builders.size() < lo.procs->size()) // the test's input building is a fact, not code under test
      for (uint32_t k : builders)
        lo.procs->erase(k);
  }
  return lo;
}

/// Runs `method` (nullptr: every method, each reported to the problem's observer as it finishes) on the
/// problem; stops before the next method when the observer's token is raised.
std::vector<localize::Result> localizeWith(const localize::Method *method, const localize::Problem &problem,
                                           const std::string &file) {
  std::vector<localize::Result> results;
  if (method) {
    results.push_back(localize::localizeFailures(*method, problem));
    return results;
  }
  for (const auto &m : localize::methods()) {
    if (problem.observer && problem.observer->cancelled())
      break;
    if (m->needsTests() && problem.tests.empty()) {
      localize::Result r;
      r.method = m->name();
      r.status = localize::Status::Error;
      r.message = "needs declared tests, and " + file + " declares none";
      if (problem.observer)
        problem.observer->localized(r);
      results.push_back(std::move(r));
      continue;
    }
    results.push_back(localize::localizeFailures(*m, problem));
  }
  return results;
}

/// `--method all`'s text as it is found: the failures and the header before the methods run, each method's
/// answer when it finishes (flushed). Its token is Ctrl-C's (for one method too).
class LiveMethods final : public repair::Observer {
public:
  LiveMethods(report::Reporter &rep, const Store &o, const SourceManager &sm, const ir::Program &prog,
              bool all)
      : rep_(rep), o_(o), sm_(sm), prog_(prog), all_(all) {}
  void start(const std::vector<const repair::Failure *> &failures) {
    if (!all_ || rep_.json())
      return;
    std::ostream &os = rep_.text();
    for (const repair::Failure *f : failures)
      render::printFailure(os, prog_, *f);
    os << "every method (" << localize::optionText(o_.methodOptions, localize::kWeights)
       << " weights where they apply, on " << o_.solver << ", unwind " << failures.front()->unwind << "):\n";
    os.flush();
  }
  void localized(const localize::Result &r) override {
    if (!all_ || rep_.json())
      return;
    std::ostream &os = rep_.text();
    os << "\n== " << r.method << ": " << localize::statusName(r.status) << ", " << std::fixed
       << std::setprecision(3) << r.seconds << " s\n";
    if (r.status == localize::Status::Error)
      os << r.message << "\n";
    else
      render::printLocalization(os, sm_, prog_, r, localize::optionText(o_.methodOptions, localize::kMaxSize),
                                o_.stats);
    os.flush();
  }
  const repair::CancelToken *cancel() const override { return &session::interruptToken(); }

private:
  report::Reporter &rep_;
  const Store &o_;
  const SourceManager &sm_;
  const ir::Program &prog_;
  bool all_;
};

void writeSarif(const std::string &path, const ir::Program &prog,
                const std::vector<const repair::Failure *> &failures,
                const std::vector<localize::Result> &results) {
  std::vector<const localize::Result *> rs;
  for (const localize::Result &r : results)
    if (r.status != localize::Status::Error)
      rs.push_back(&r);
  std::ofstream out(path);
  out << render::sarifLog(prog, failures, rs, version()).dump(2) << "\n";
  if (!out)
    report::usageError("--sarif: cannot write '" + path + "'");
}

/// What every answer shows: the problem, the failures, the source, the time so far.
struct Shown {
  const Store &o;
  const SourceManager &sm;
  const ir::Program &prog;
  const localize::Problem &problem;
  const std::vector<const repair::Failure *> &failures;
  double seconds;
};

/// One method's answer.
int answerOne(const Shown &s, const localize::Method &method, const localize::Result &r,
              report::Reporter &rep) {
  int rc = r.status == localize::Status::Localized   ? Exit::Violated
           : r.status == localize::Status::Unknown   ? Exit::Unknown
           : r.status == localize::Status::NoFailure ? Exit::Ok
                                                     : Exit::InputError;
  Json j{{"file", s.o.file}, {"method", method.name()}, {"solver", method.usesSolver() ? s.o.solver : ""}};
  if (r.status == localize::Status::Error)
    return rep.error(r.message.rfind("internal", 0) == 0 ? Exit::Internal : Exit::InputError, r.message, j);
  const repair::Failure &failure = *s.failures.front();
  if (rep.json()) {
    j["status"] = localize::statusName(r.status);
    if (!r.message.empty())
      j["message"] = r.message;
    j["failure"] = render::failureJson(s.prog, failure);
    if (s.failures.size() > 1) {
      Json fs = Json::array();
      for (const repair::Failure *f : s.failures)
        fs.push_back(render::failureJson(s.prog, *f));
      j["failures"] = fs;
    }
    j["weights"] = localize::optionText(s.o.methodOptions, localize::kWeights);
    for (const auto &[key, value] : method.settings(s.problem))
      j[key] = value;
    j["time_s"] = s.seconds;
    j["method_time_s"] = r.seconds;
    render::localizationJson(j, s.sm, s.prog, r);
    return rep.finish(std::move(j), rc);
  }
  std::ostream &os = rep.text();
  for (const repair::Failure *f : s.failures)
    render::printFailure(os, s.prog, *f);
  os << "method: " << method.name();
  if (std::string config = method.describe(s.problem); !config.empty())
    os << " (" << config << ")";
  if (method.usesSolver())
    os << " on " << s.o.solver;
  os << ", unwind " << failure.unwind << ", " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
  if (s.failures.size() > 1)
    os << (method.jointFailures()
               ? "the " + std::to_string(s.failures.size()) + " failures at once\n"
               : "each of the " + std::to_string(s.failures.size()) +
                     " failures, combined: the lines every ranking has, by average rank\n");
  render::printLocalization(os, s.sm, s.prog, r, localize::optionText(s.o.methodOptions, localize::kMaxSize),
                            s.o.stats);
  return rep.finish(Json::object(), rc);
}

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
    os << std::right << "  " << render::sourceLine(sm, prog, where.at(key)) << "\n";
  }
}

/// The consensus ranking of the methods that ranked lines (localize::consensusRanking).
localize::Result consensusOf(const ir::Program &prog, const std::vector<localize::Result> &results) {
  std::vector<const localize::Result *> ranked;
  for (const localize::Result &r : results)
    if (r.status == localize::Status::Localized || r.status == localize::Status::Unknown)
      ranked.push_back(&r);
  localize::Result c;
  c.method = "consensus";
  c.ranking = localize::consensusRanking(prog, ranked);
  return c;
}

/// `--html FILE`: the failures, each method's answer and its ranks beside the source (with `--method all` the
/// consensus too), the failing run's trace and heaps.
void writeLocalizeHtml(const Shown &s, const std::vector<localize::Result> &results, bool all) {
  std::ostringstream answer;
  for (const repair::Failure *f : s.failures)
    render::printFailure(answer, s.prog, *f);
  localize::Result consensus;
  std::vector<const localize::Result *> columns;
  for (const localize::Result &r : results) {
    answer << "\n== " << r.method << ": " << localize::statusName(r.status) << ", " << std::fixed
           << std::setprecision(3) << r.seconds << " s\n";
    answer.unsetf(std::ios::fixed);
    if (r.status == localize::Status::Error)
      answer << r.message << "\n";
    else
      render::printLocalization(answer, s.sm, s.prog, r,
                                localize::optionText(s.o.methodOptions, localize::kMaxSize), s.o.stats);
    columns.push_back(&r);
  }
  if (all) {
    consensus = consensusOf(s.prog, results);
    columns.push_back(&consensus);
  }
  const repair::Failure &f = *s.failures.front();
  render::HtmlReport h("localize", s.o.file, s.sm, s.prog, f.entry, answer.str());
  h.failing = &f.run;
  h.inputArgs = &f.args;
  h.inputHeap = &f.heap;
  if (const ir::Stmt *st = ir::StmtIndex(s.prog).find(f.failingStmt()))
    h.failedAt = st->loc;
  h.localizations = columns;
  writeHtml(s.o.html, h);
}

/// Every method's answer side by side (`--method all`).
int answerAll(const Shown &s, const std::vector<localize::Result> &results, report::Reporter &rep) {
  int rc = Exit::Ok;
  bool allUnknown = !results.empty();
  for (const localize::Result &r : results) {
    if (r.status == localize::Status::Localized)
      rc = Exit::Violated;
    allUnknown = allUnknown && r.status == localize::Status::Unknown;
  }
  if (allUnknown)
    rc = Exit::Unknown;
  for (const localize::Result &r : results)
    if (r.status == localize::Status::Error && r.message.rfind("internal", 0) == 0)
      rc = Exit::Internal;
  const repair::Failure &failure = *s.failures.front();
  std::string weights = localize::optionText(s.o.methodOptions, localize::kWeights);
  if (rep.json()) {
    Json j{{"file", s.o.file},
           {"method", "all"},
           {"solver", s.o.solver},
           {"status", rc == Exit::Violated  ? "localized"
                      : rc == Exit::Unknown ? "unknown"
                                            : "error"},
           {"failure", render::failureJson(s.prog, failure)},
           {"weights", weights},
           {"time_s", s.seconds}};
    Json ms = Json::array();
    for (const localize::Result &r : results) {
      Json mj{{"method", r.method},
              {"solver", r.solver},
              {"status", localize::statusName(r.status)},
              {"method_time_s", r.seconds}};
      if (!r.message.empty())
        mj["message"] = r.message;
      render::localizationJson(mj, s.sm, s.prog, r);
      ms.push_back(std::move(mj));
    }
    j["methods"] = ms;
    localize::Result consensus = consensusOf(s.prog, results);
    Json cj = Json::object();
    render::localizationJson(cj, s.sm, s.prog, consensus);
    j["consensus"] = cj["ranking"];
    return rep.finish(std::move(j), rc);
  }
  printSideBySide(rep.text(), s.sm, s.prog, results); // the rest was printed as each method finished
  localize::Result consensus = consensusOf(s.prog, results);
  rep.text() << "\nconsensus (reciprocal rank fusion: a line's score is the sum of 1 / its rank over the "
                "methods that rank it):\n";
  render::printLocalization(rep.text(), s.sm, s.prog, consensus, "", false);
  return rep.finish(Json::object(), rc);
}

int run(const Store &o, report::Reporter &rep) {
  const localize::Method *method = chosenMethod(o);
  if (std::string err = localize::checkOptions(o.methodOptions); !err.empty())
    report::usageError(err);
  if (o.timeout < 0 || !(o.timeout < 1e7))
    report::usageError("--timeout: expected a number of seconds in [0, 1e7)");
  auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  session::Subject subject =
      session::prepare(subjectRequest(o), [&](const Diagnostics &d) { rep.diagnostics(d); });
  if (!subject.loaded->prog)
    return rep.finish(Json{{"file", o.file}, {"ok", false}}, Exit::InputError);
  const session::Selection &sel = subject.selection;
  for (const std::string &t : sel.leftOut)
    rep.warning("--tests: " + t);
  repair::FailureStatus status = sel.found.status;
  if (!o.html.empty() && (sel.noFailingTest || status == repair::FailureStatus::None ||
                          status == repair::FailureStatus::Unknown)) { // the answer alone
    std::string answer =
        (sel.noFailingTest || sel.found.status == repair::FailureStatus::None ? "no failure to localize: "
                                                                              : "UNKNOWN: ") +
        sel.found.message + "\n";
    writeHtml(o.html,
              render::HtmlReport{"localize", o.file, subject.loaded->sm, subject.prog(), ir::kNone, answer});
  }
  if (std::optional<int> rc = noFailure(o, sel, method, seconds(), rep))
    return *rc;
  const ir::Program &prog = subject.prog();
  std::vector<const repair::Failure *> failures{&*sel.found.failure};
  for (const repair::Failure &f : sel.more)
    failures.push_back(&f);
  localize::Problem problem{prog, *failures.front(), sel.tests, localizeOptions(o, prog)};
  problem.others.assign(failures.begin() + 1, failures.end());
  LiveMethods live(rep, o, subject.loaded->sm, prog, method == nullptr);
  problem.observer = &live;
  live.start(failures);
  std::vector<localize::Result> results = localizeWith(method, problem, o.file);
  if (!o.sarif.empty())
    writeSarif(o.sarif, prog, failures, results);
  Shown shown{o, subject.loaded->sm, prog, problem, failures, seconds()};
  if (!o.html.empty())
    writeLocalizeHtml(shown, results, method == nullptr);
  int rc = method ? answerOne(shown, *method, results.front(), rep) : answerAll(shown, results, rep);
  if (!session::interrupted() || rep.json()) // (a JSON document has its exit code)
    return rc;
  rep.text() << "interrupted by " << session::interruptSignal()
             << ": the answer above is what was found so far\n";
  return rc == Exit::Violated || rc == Exit::Internal ? rc : static_cast<int>(Exit::Unknown);
}

} // namespace

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
                    "defined in FILE, except tests, and except the entry and what only builds its inputs "
                    "when it is a test driver)");
  c.cmd->add_flag("--stats", o.stats, "print the method's counters");
  c.cmd
      ->add_option("--failures,--inputs", o.failures,
                   "localize this many failures: verify's counterexample and further ones with other inputs "
                   "(a method that localizes several failures at once takes them together; the others run "
                   "once per failure, combined)")
      ->capture_default_str();
  c.cmd->add_flag("--all-failing", o.allFailing,
                  "localize every failing declared test of FILE (combined as --failures combines)");
  c.cmd->add_option("--sarif", o.sarif, "also write the ranking as SARIF 2.1.0 to this file");
  addHtmlOption(c.cmd, o.html, "each method's ranks beside it, the failing run's trace and heap pictures");
  addSpecOptions(c.cmd, o.spec, true);
  c.cmd->add_option("--stdin", o.bounds.stdinFile, "a file whose bytes are the standard input");
  c.run = [store](report::Reporter &r) { return run(*store, r); };
  return c;
}

} // namespace locus::tools
