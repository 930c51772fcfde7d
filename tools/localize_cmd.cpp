// `locus localize`: find the failure to explain, run a localization method on it, print the ranked lines.
#include "tools/localize_cmd.h"

#include "backends/alarm.h"
#include "session/html.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/localize.h"
#include "session/render.h"
#include "session/sarif.h"
#include "tools/options.h"
#include "tools/report.h"
#include "tools/version.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace locus::tools {

using report::Exit;
using report::Json;

namespace {

/// The request (session/localize.h) and what is only printed.
struct Store {
  session::LocalizeRequest req;
  bool stats = false;
  std::string sarif;
  std::string html;
};

/// The answer when there is no failure to localize (or verify could not say): text and JSON; nullopt when
/// there is a failure.
std::optional<int> noFailure(const Store &o, const session::Selection &sel, const localize::Method *method,
                             double seconds, report::Reporter &rep) {
  const repair::FailureSearch &found = sel.found;
  if (sel.noFailingTest) {
    rep.text() << "no failure to localize: " << found.message << "\n";
    return rep.finish(Json{{"file", o.req.src.file},
                           {"method", method ? method->name() : "all"},
                           {"status", "no-failure"},
                           {"message", "no declared test fails"},
                           {"ranking", Json::array()}},
                      Exit::Ok);
  }
  Json j{{"file", o.req.src.file},
         {"method", method ? method->name() : "all"},
         {"solver", !method || method->usesSolver() ? o.req.solver : ""}};
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

/// `phase` (finding the failure, or the methods: `count` of them, each with the limit) with a hard stop for
/// `--timeout`, as verify's and repair's watchdogs: the methods stop at their limit between solver checks,
/// but a solver linked in cannot always be stopped inside one (cvc5 1.0 overruns its own limit by minutes).
/// When the phase still runs at session::abandonAfterSeconds of its limit plus `slack` seconds (for the runs
/// in the interpreter the phase makes besides its solver checks), the answer is UNKNOWN (exit 3) and the
/// process ends.
template <typename Phase>
auto watched(const Store &o, const localize::Method *method, size_t count, double slack,
             report::Reporter &rep, Phase &&phase) {
  double limit = o.req.timeout * static_cast<double>(count);
  double hard = limit > 0 ? session::abandonAfterSeconds(limit) + slack : 0;
  std::string overran = session::abandonedMessage(o.req.solver, hard);
  backends::Alarm watchdog(hard, [&] {
    rep.text() << "UNKNOWN: " << overran << "\n";
    rep.finish(Json{{"file", o.req.src.file},
                    {"method", method ? method->name() : "all"},
                    {"solver", o.req.solver},
                    {"status", "unknown"},
                    {"message", overran},
                    {"ranking", Json::array()}},
               Exit::Unknown);
    rep.flush();
    std::_Exit(Exit::Unknown);
  });
  return phase();
}

void writeSarif(const std::string &path, const ir::Program &prog,
                const std::vector<const repair::Failure *> &failures,
                const std::vector<localize::Result> &results) {
  std::vector<const localize::Result *> rs;
  for (const localize::Result &r : results)
    if (r.status != localize::Status::Error)
      rs.push_back(&r);
  writeOptionFile("--sarif", path, render::sarifLog(prog, failures, rs, version()).dump(2) + "\n");
}

/// One method's answer.
int answerOne(const render::LocalizeView &v, const localize::Method &method, const localize::Result &r,
              report::Reporter &rep) {
  int rc = session::localizeExit(r);
  Json j = render::localizeJson(v, method, r);
  if (r.status == localize::Status::Error)
    return rep.error(r.message.rfind("internal", 0) == 0 ? Exit::Internal : Exit::InputError, r.message, j);
  render::printLocalize(rep.text(), v, method, r);
  return rep.finish(rep.json() ? std::move(j) : Json::object(), rc);
}

/// Every method's answer side by side (`--method all`); each method's own was printed as it finished.
int answerAll(const render::LocalizeView &v, const std::vector<localize::Result> &results,
              report::Reporter &rep) {
  int rc = session::localizeAllExit(results);
  if (rep.json())
    return rep.finish(render::localizeAllJson(v, results, rc), rc);
  render::printLocalizeAll(rep.text(), v, results);
  return rep.finish(Json::object(), rc);
}

int run(const Store &o, report::Reporter &rep) {
  const session::LocalizeRequest &req = o.req;
  const localize::Method *method = session::chosenMethod(req);
  auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  // Finding the failure: one verification, or one per further failure asked for (--failures N), besides the
  // declared tests' runs (30 s more); with a suite (--tests) or --all-failing the runs are the interpreter's,
  // as many as there are tests: no hard stop.
  size_t searches = req.failure.allFailing || !req.failure.spec.tests.empty()
                        ? 0
                        : std::max<size_t>(1, req.failure.failures);
  session::Subject subject = watched(o, method, searches, 30, rep, [&] {
    return session::prepare(session::subjectRequest(req), [&](const Diagnostics &d) { rep.diagnostics(d); });
  });
  if (!subject.loaded->prog)
    return rep.finish(Json{{"file", req.src.file}, {"ok", false}}, Exit::InputError);
  const session::Selection &sel = subject.selection;
  for (const std::string &t : sel.leftOut)
    rep.warning("--tests: " + t);
  repair::FailureStatus status = sel.found.status;
  if (!o.html.empty() && (sel.noFailingTest || status == repair::FailureStatus::None ||
                          status == repair::FailureStatus::Unknown)) { // the answer alone
    std::string answer =
        (sel.noFailingTest || status == repair::FailureStatus::None ? "no failure to localize: "
                                                                    : "UNKNOWN: ") +
        sel.found.message + "\n";
    writeOptionFile("--html", o.html,
                    render::htmlReport(render::HtmlReport{"localize", req.src.file, subject.loaded->sm,
                                                          subject.prog(), ir::kNone, answer}));
  }
  if (std::optional<int> rc = noFailure(o, sel, method, seconds(), rep))
    return *rc;
  const ir::Program &prog = subject.prog();
  std::vector<const repair::Failure *> failures{&*sel.found.failure};
  for (const repair::Failure &f : sel.more)
    failures.push_back(&f);
  localize::Problem problem{prog, *failures.front(), sel.tests, session::localizeOptions(req, prog)};
  problem.others.assign(failures.begin() + 1, failures.end());
  session::LiveMethods live(method || rep.json() ? nullptr : &rep.text(), req, subject.loaded->sm, prog,
                            o.stats);
  problem.observer = &live;
  live.start(failures);
  std::vector<localize::Result> results =
      watched(o, method, method ? 1 : localize::methods().size(), 0, rep,
              [&] { return session::runMethods(method, problem, req.src.file); });
  if (!o.sarif.empty())
    writeSarif(o.sarif, prog, failures, results);
  render::LocalizeView view{req.src.file,      req.solver, subject.loaded->sm, prog, problem, failures,
                            req.methodOptions, o.stats,    seconds()};
  if (!o.html.empty())
    writeOptionFile("--html", o.html, render::localizeHtml(view, results, method == nullptr));
  int rc = method ? answerOne(view, *method, results.front(), rep) : answerAll(view, results, rep);
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
  c.cmd->add_option("FILE", o.req.src.file, "a .gcl or .c file")->required();
  c.cmd->add_flag("--json", rep.jsonFlag(), "print the result as JSON on stdout");
  c.cmd->add_option("-I,--import-path", o.req.src.importPath,
                    "extra directory searched by `import` (repeatable)");
  c.cmd->add_option("--method", o.req.method, localize::methodHelp())->capture_default_str();
  c.cmd->add_option("--entry", o.req.failure.entry, "the procedure whose failure is localized")
      ->capture_default_str();
  c.cmd->add_option("--test", o.req.failure.test, "localize the failure of this declared test instead");
  c.cmd
      ->add_option("--args", o.req.failure.args,
                   "localize the run on these arguments (comma-separated), not verify's")
      ->each([&o](const std::string &) { o.req.failure.haveArgs = true; });
  c.cmd->add_option("--nondet", o.req.failure.nondet, "values for `nondet` in that run, comma-separated");
  c.cmd->add_option("--solver", o.req.solver, "z3, cvc5 or smtlib:COMMAND")->capture_default_str();
  addBoundOptions(c.cmd, o.req.bounds);
  c.cmd->add_option("--timeout", o.req.timeout,
                    "time limit in seconds for verify and for the method, each (0: none)");
  addMethodOptions(c.cmd, localize::optionDeclarations(), o.req.methodOptions);
  c.cmd->add_option("--procs", o.req.procs,
                    "the procedures whose statements may be blamed, comma-separated, or all (default: those "
                    "defined in FILE, except tests, and except the entry and what only builds its inputs "
                    "when it is a test driver)");
  c.cmd->add_flag("--stats", o.stats, "print the method's counters");
  c.cmd
      ->add_option("--failures,--inputs", o.req.failure.failures,
                   "localize this many failures: verify's counterexample and further ones with other inputs "
                   "(a method that localizes several failures at once takes them together; the others run "
                   "once per failure, combined)")
      ->capture_default_str();
  c.cmd->add_flag("--all-failing", o.req.failure.allFailing,
                  "localize every failing declared test of FILE (combined as --failures combines)");
  c.cmd->add_option("--sarif", o.sarif, "also write the ranking as SARIF 2.1.0 to this file");
  addHtmlOption(c.cmd, o.html, "each method's ranks beside it, the failing run's trace and heap pictures");
  addSpecOptions(c.cmd, o.req.failure.spec, true);
  c.cmd->add_option("--stdin", o.req.bounds.stdinFile, "a file whose bytes are the standard input");
  c.run = [store](report::Reporter &r) { return run(*store, r); };
  return c;
}

} // namespace locus::tools
