// The `locus` driver: git-style subcommands over the front end, the IR and the interpreter.
#include "frontend/gcl/frontend.h"
#include "ir/interp.h"
#include "ir/printer.h"
#include "session/program.h"
#include "session/render.h"
#include "session/values.h"
#include "tools/bench_cmd.h"
#include "tools/debug_cmd.h"
#include "tools/heap_output.h"
#include "tools/interrupt.h"
#include "tools/localize_cmd.h"
#include "tools/memory.h"
#include "tools/mutate_cmd.h"
#include "tools/options.h"
#include "tools/repair_cmd.h"
#include "tools/report.h"
#include "tools/verify_cmd.h"
#include "tools/version.h"

#include <CLI/CLI.hpp>
#include <pthread.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <set>
#include <sstream>

using namespace locus;
using report::Exit;
using report::Json;
using session::parseValue;
using session::splitList;
using namespace locus::tools;

namespace {

/// Options every subcommand shares.
struct Common {
  std::string file;
  std::vector<std::string> importPath;
  size_t maxErrors = Diagnostics::kDefaultErrorLimit;
};

/// The specification options of `run` and `test`: a command line, a standard input, a suite, a reference.
struct RunSpec : session::SpecSource {
  std::string argv;      ///< --argv "ARGS" (run: a command line)
  std::string stdinFile; ///< --stdin FILE (run: the standard input)
};

/// Options of the commands that execute (run, test).
struct ExecOptions {
  uint64_t steps = 1'000'000;
  std::string ints = "math";
  std::optional<uint64_t> seed;
  std::string nondet;
  bool trace = false;
  bool quiet = false;
};

void addCommon(CLI::App *cmd, Common &c, report::Reporter &rep) {
  cmd->add_option("FILE", c.file, "a .gcl or .c file")->required();
  cmd->add_flag("--json", rep.jsonFlag(), "print the result as JSON on stdout");
  cmd->add_option("-I,--import-path", c.importPath, "extra directory searched by `import` (repeatable)");
  cmd->add_option("--max-errors", c.maxErrors, "stop after this many errors (0: no limit)")
      ->capture_default_str();
}

void addExec(CLI::App *cmd, ExecOptions &e) {
  cmd->add_option("--steps", e.steps, "step limit: statements executed before giving up (exit 3)")
      ->capture_default_str();
  cmd->add_option("--ints", e.ints, "integer semantics: math (unbounded) or bv32 (32-bit two's complement)")
      ->check(CLI::IsMember({"math", "bv32"}))
      ->capture_default_str();
  cmd->add_option(
      "--nondet", e.nondet,
      "values for `nondet`, consumed in order: comma-separated ints, true/false, null, nK (node K)");
  cmd->add_option("--seed", e.seed, "after --nondet values run out, draw nondet values from this seed");
  cmd->add_flag("--trace", e.trace, "show the whole executed trace (default: the last 20 steps on failure)");
}

using report::usageError;

/// Compiles for a command that needs the IR; the diagnostics go to the reporter. nullopt: the file does not
/// compile, and the command's answer (exit 2) has been given.
std::optional<ir::Program> load(const Common &c, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(session::Source{c.file, c.importPath, c.maxErrors});
  rep.diagnostics(l->diags);
  if (!l->prog)
    rep.finish(Json{{"file", c.file}, {"ok", false}}, Exit::InputError);
  return std::move(l->prog);
}

int cmdCheck(const Common &c, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(session::Source{c.file, c.importPath, c.maxErrors});
  const Diagnostics &diags = l->diags;
  const std::optional<ir::Program> &prog = l->prog;
  rep.diagnostics(diags);
  if (prog) {
    size_t procs = 0, tests = 0;
    for (const ir::Procedure &p : prog->procs)
      (p.isTest ? tests : procs)++;
    rep.text() << c.file << ": ok (" << procs << " procedures, " << tests << " tests, "
               << prog->records.size() << " record types)\n";
  } else {
    rep.note(std::to_string(diags.errorCount()) + (diags.errorCount() == 1 ? " error" : " errors") +
             " generated");
  }
  return rep.finish(Json{{"file", c.file}, {"ok", prog.has_value()}, {"diagnostics", render::toJson(diags)}},
                    prog ? Exit::Ok : Exit::InputError);
}

int cmdIr(const Common &c, bool noTags, bool noRanges, report::Reporter &rep) {
  std::optional<ir::Program> prog = load(c, rep);
  if (!prog)
    return Exit::InputError;
  ir::PrintOptions opts{!noTags, !noRanges};
  ir::printProgram(rep.text(), *prog, opts);
  Json j = render::irToJson(*prog);
  j["ok"] = true;
  j["text"] = ir::toString(*prog, opts);
  return rep.finish(std::move(j), Exit::Ok);
}

ir::InterpOptions interpOptions(const ExecOptions &e) {
  ir::InterpOptions o;
  o.stepLimit = e.steps;
  o.ints = e.ints == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
  o.seed = e.seed;
  std::string err;
  if (!e.nondet.empty())
    for (const std::string &t : splitList(e.nondet)) {
      std::optional<ir::Value> v = parseValue(t, ir::Type::Void, err);
      if (!v)
        usageError("--nondet: " + err);
      o.nondetValues.push_back(*v);
    }
  return o;
}

/// Notes (`note: 'x' read before it was written; its value was drawn: -5`, at the read) for the reads of
/// indeterminate values a run made, each read and object once per command (`seen`).
void noteIndeterminate(const ir::Outcome &o, Diagnostics &notes,
                       std::set<std::pair<std::string, std::string>> &seen) {
  for (const ir::IndeterminateRead &r : o.indeterminateReads)
    if (seen.emplace(std::to_string(r.loc.file) + ":" + std::to_string(r.loc.line) + ":" +
                         std::to_string(r.loc.col),
                     r.object)
            .second)
      notes.note(r.loc, "'" + r.object +
                            "' read before it was written; its value was drawn: " + ir::toString(r.value));
}

int exitFor(const ir::Outcome &o) {
  switch (o.kind) {
  case ir::OutcomeKind::Ok:
  case ir::OutcomeKind::Infeasible: return Exit::Ok;
  case ir::OutcomeKind::Failure: return Exit::Violated;
  case ir::OutcomeKind::Limit: return Exit::Unknown;
  case ir::OutcomeKind::Error: return Exit::InputError;
  }
  return Exit::Internal;
}

int cmdRun(const Common &c, const ExecOptions &e, const std::string &entryName, const std::string &argText,
           const RunSpec &spec, const HeapFlags &heap, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(session::Source{c.file, c.importPath, c.maxErrors});
  rep.diagnostics(l->diags);
  if (!l->prog)
    return rep.finish(Json{{"file", c.file}, {"ok", false}}, Exit::InputError);
  std::optional<ir::Program> &prog = l->prog;
  uint32_t entry = session::entryIndex(*prog, entryName, c.file, true);
  const ir::Procedure &proc = prog->procs[entry];
  std::vector<ir::Value> args = session::runArguments(*prog, entry, argText, spec.argv, c.file);
  ir::InterpOptions io = interpOptions(e);
  if (!spec.stdinFile.empty())
    io.input = session::readFile(spec.stdinFile, "--stdin");
  ir::Interpreter interp(*prog, io);
  ir::Outcome out = interp.run(entry, args);
  {
    Diagnostics notes(l->sm);
    std::set<std::pair<std::string, std::string>> seen;
    noteIndeterminate(out, notes, seen);
    rep.diagnostics(notes);
  }
  // the drawings first: a file that cannot be written ends the command before anything is printed
  std::string drawing;
  if (out.kind != ir::OutcomeKind::Error)
    drawing = writeHeap(heap, *prog, out.state, entry, rep.json() ? 80 : 78);
  render::OutcomeView view{*prog, out, entry, &l->sm};
  size_t tail = e.trace ? out.trace.size() : (out.kind == ir::OutcomeKind::Ok ? 0 : 20);
  if (!rep.json()) {
    render::printOutcome(rep.text(), view, tail, true);
    if (!drawing.empty()) {
      rep.text() << "heap drawing:\n";
      std::istringstream lines(drawing);
      for (std::string line; std::getline(lines, line);)
        rep.text() << (line.empty() ? "" : "  ") << line << "\n";
    }
  }
  Json j;
  j["file"] = c.file;
  j["entry"] = proc.name;
  if (rep.json()) {
    j.update(render::toJson(view, true));
    if (heap.text && out.kind != ir::OutcomeKind::Error)
      j["heap_drawing"] = drawing;
  }
  return rep.finish(std::move(j), exitFor(out));
}

/// True if `loc` lies in the file the user named (not in an imported one).

int cmdTest(const Common &c, const ExecOptions &e, const std::string &filter, bool all,
            report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(session::Source{c.file, c.importPath, c.maxErrors});
  rep.diagnostics(l->diags);
  if (!l->prog)
    return rep.finish(Json{{"file", c.file}, {"ok", false}}, Exit::InputError);
  std::optional<ir::Program> &prog = l->prog;
  Diagnostics notes(l->sm);
  std::set<std::pair<std::string, std::string>> seen;
  std::vector<uint32_t> tests = session::declaredTestsToRun(*prog, c.file, all, filter);
  size_t passed = 0, failed = 0, unknown = 0;
  Json results = Json::array();
  std::ostream &os = rep.text();
  for (uint32_t t : tests) {
    ir::Interpreter interp(*prog, interpOptions(e));
    ir::Outcome out = interp.run(t, {});
    noteIndeterminate(out, notes, seen);
    const std::string &name = prog->procs[t].name;
    bool pass = out.kind == ir::OutcomeKind::Ok;
    bool isUnknown = out.kind == ir::OutcomeKind::Limit;
    (pass ? passed : isUnknown ? unknown : failed)++;
    const char *status = pass                                      ? "PASS"
                         : isUnknown                               ? "UNKNOWN"
                         : out.kind == ir::OutcomeKind::Infeasible ? "INFEASIBLE"
                                                                   : "FAIL";
    if (rep.json()) {
      Json j;
      j["test"] = name;
      j["status"] = status;
      j.update(render::toJson(render::OutcomeView{*prog, out, t}, e.trace));
      results.push_back(std::move(j));
      continue;
    }
    os << status << " " << name;
    if (!pass) {
      os << ": " << (out.message.empty() ? render::verdict(out) : out.message);
      if (out.loc.valid())
        os << " at " << render::where(*prog, out.loc);
    }
    os << "\n";
    if (!pass && e.trace)
      render::printOutcome(os, render::OutcomeView{*prog, out, t}, out.trace.size(), true);
  }
  rep.diagnostics(notes);
  if (tests.empty()) {
    os << c.file << ": no tests" << (filter.empty() ? "" : " matching '" + filter + "'") << "\n";
  } else {
    os << passed << " passed, " << failed << " failed";
    if (unknown)
      os << ", " << unknown << " unknown";
    os << "\n";
  }
  int rc = failed ? Exit::Violated : unknown ? Exit::Unknown : Exit::Ok;
  return rep.finish(Json{{"file", c.file},
                         {"passed", passed},
                         {"failed", failed},
                         {"unknown", unknown},
                         {"tests", std::move(results)}},
                    rc);
}

/// `locus test FILE --tests SUITE [--reference REF] [--compare tokens]`: each test of a suite run and
/// compared with its expected output (the suite's, or the reference's on the same input).
int cmdSuite(const Common &c, const ExecOptions &e, const RunSpec &spec, const std::string &entryName,
             const std::string &filter, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(session::Source{c.file, c.importPath, c.maxErrors});
  rep.diagnostics(l->diags);
  if (!l->prog)
    return rep.finish(Json{{"file", c.file}, {"ok", false}}, Exit::InputError);
  std::optional<ir::Program> &prog = l->prog;
  uint32_t entry = session::entryIndex(*prog, entryName, c.file);
  session::SuiteRun run =
      session::runSuite(*prog, entry, c.file, spec, c.importPath, filter, interpOptions(e),
                        [&](const Diagnostics &d) { rep.diagnostics(d); });
  const repair::Suite &suite = run.suite;
  const std::vector<repair::SuiteResult> &results = run.results;
  size_t passed = 0, failed = 0, unknown = 0, errors = 0, leftOut = 0;
  {
    Diagnostics notes(l->sm);
    std::set<std::pair<std::string, std::string>> seen;
    for (const repair::SuiteResult &r : results)
      noteIndeterminate(r.run.outcome, notes, seen);
    rep.diagnostics(notes);
  }
  Json tests = Json::array();
  std::ostream &os = rep.text();
  for (size_t k = 0; k < results.size(); ++k) {
    const repair::SuiteResult &r = results[k];
    const repair::SuiteTest &t = suite.tests[k];
    switch (r.status) {
    case repair::SuiteResult::Status::Pass: ++passed; break;
    case repair::SuiteResult::Status::Fail: ++failed; break;
    case repair::SuiteResult::Status::Unknown: ++unknown; break;
    case repair::SuiteResult::Status::Error: ++errors; break;
    case repair::SuiteResult::Status::Skipped: ++leftOut; break;
    }
    std::string cmdline;
    for (const std::string &a : t.args)
      cmdline += (cmdline.empty() ? "" : " ") + a;
    if (t.inputFile)
      cmdline += (cmdline.empty() ? "< " : " < ") + *t.inputFile;
    if (rep.json()) {
      Json j{{"test", t.name}, {"status", repair::statusName(r.status)}, {"args", t.args}};
      if (t.inputFile)
        j["input_file"] = *t.inputFile;
      if (!r.message.empty())
        j["message"] = r.message;
      if (r.status == repair::SuiteResult::Status::Pass || r.status == repair::SuiteResult::Status::Fail) {
        j["output"] = r.run.outcome.output;
        if (r.run.outcome.result)
          j["result"] = ir::toString(*r.run.outcome.result);
      }
      if (r.expect && r.expect->output)
        j["expected_output"] = *r.expect->output;
      if (r.expect && r.expect->status)
        j["expected_result"] = r.expect->status->toString();
      tests.push_back(std::move(j));
      continue;
    }
    os << repair::statusName(r.status) << " " << t.name;
    if (!cmdline.empty())
      os << " (" << cmdline << ")";
    if (r.status != repair::SuiteResult::Status::Pass) {
      os << ": " << r.message;
      const ir::Outcome &o = r.run.outcome;
      if (r.status == repair::SuiteResult::Status::Fail && o.failure != ir::FailureKind::Output &&
          o.loc.valid())
        os << " at " << render::where(*prog, o.loc);
    }
    os << "\n";
  }
  if (!rep.json()) {
    os << passed << " passed, " << failed << " failed";
    if (unknown)
      os << ", " << unknown << " unknown";
    if (errors)
      os << ", " << errors << " errors";
    if (leftOut)
      os << ", " << leftOut << " left out (the reference does not end ok on them)";
    os << "\n";
  }
  // a test the reference fails is no specification: left out, an error only when no test is left
  bool noneLeft = !results.empty() && leftOut == results.size();
  int rc = failed               ? Exit::Violated
           : errors || noneLeft ? Exit::InputError
           : unknown            ? Exit::Unknown
                                : Exit::Ok;
  Json doc{{"file", c.file},     {"suite", suite.path}, {"passed", passed},         {"failed", failed},
           {"unknown", unknown}, {"errors", errors},    {"tests", std::move(tests)}};
  if (leftOut)
    doc["left_out"] = leftOut;
  return rep.finish(std::move(doc), rc);
}

/// `locus --version`: the version, the commit it was built from, and the standard library it uses.
int cmdVersion(report::Reporter &rep) {
  std::vector<std::string> stdlib = gcl::standardLibraryDirs();
  rep.text() << "locus " << tools::version() << " (commit " << tools::gitCommit() << ")\n";
  for (const std::string &dir : stdlib)
    rep.text() << "standard library: " << dir << "\n";
  return rep.finish(Json{{"version", tools::version()}, {"commit", tools::gitCommit()}, {"stdlib", stdlib}},
                    Exit::Ok);
}

} // namespace

namespace {

int locusMain(int argc, char **argv) {
  report::Reporter rep(std::cout, std::cerr);
  CLI::App app{
      "locus: a verifier toolchain for debugging, fault localization and repair of GCL and C programs.\n"
      "Exit codes: 0 ok, 1 property violated, 2 usage or input error, 3 unknown, 4 internal error."};
  app.set_version_flag("--version", "");
  app.require_subcommand(1);
  app.fallthrough(false);

  Common c;
  ExecOptions e;
  bool noTags = false, noRanges = false, allTests = false;
  std::string entry = "main", args, filter;

  CLI::App *check = app.add_subcommand("check", "parse and type-check a file; print diagnostics only");
  addCommon(check, c, rep);
  CLI::App *irCmd = app.add_subcommand("ir", "print the canonical IR (statement ids and source locations)");
  addCommon(irCmd, c, rep);
  irCmd->add_flag("--no-tags", noTags,
                  "omit the #id @line:col tags (the output then no longer round-trips ids)");
  irCmd->add_flag("--no-ranges", noRanges,
                  "omit each statement's construct id and source ranges (`^3 7:5+12 (…)`; the output then no "
                  "longer round-trips them)");
  CLI::App *run =
      app.add_subcommand("run", "execute a procedure with the interpreter; print the outcome and state");
  addCommon(run, c, rep);
  addExec(run, e);
  run->add_option("--entry", entry, "the procedure to run")->capture_default_str();
  run->add_option("--args", args, "its arguments, comma-separated: ints, true/false, null");
  RunSpec spec;
  run->add_option(
      "--argv", spec.argv,
      "a command line for a command-line entry (main(argc, argv)): the arguments, space-separated");
  run->add_option("--stdin", spec.stdinFile, "a file whose bytes are the standard input");
  HeapFlags heap;
  addHeapOptions(run, heap, true, "the final (or failing) state");
  CLI::App *test = app.add_subcommand("test", "run the tests declared in the file; PASS/FAIL per test");
  addCommon(test, c, rep);
  addExec(test, e);
  test->add_option("--filter", filter,
                   "run only tests whose name contains this text (declared tests, or --tests suite entries)");
  test->add_flag("--all", allTests, "also run the tests declared in imported files (the stdlib's, say)");
  addSpecOptions(test, spec, true);
  test->add_option("--entry", entry, "with --tests: the procedure the tests run")->capture_default_str();

  tools::VerifyCommands verifyCmds = tools::addVerifyCommands(app, rep);
  tools::LocalizeCommand localizeCmd = tools::addLocalizeCommand(app, rep);
  tools::RepairCommand repairCmd = tools::addRepairCommand(app, rep);
  tools::MutateCommand mutateCmd = tools::addMutateCommand(app, rep);
  tools::DebugCommand debugCmd = tools::addDebugCommand(app, rep);
  tools::BenchCommands &benchCmds = tools::addBenchCommands(app, rep, argc, argv);
  size_t memoryMb = 0; // --memory MB: every command but bench (whose runs are processes of their own)
  for (CLI::App *sub : app.get_subcommands([](CLI::App *) { return true; }))
    if (sub->get_name() != "bench")
      tools::addMemoryOption(sub, memoryMb);

  rep.scan(app, argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForVersion &) {
    return cmdVersion(rep);
  } catch (const CLI::ParseError &err) {
    return rep.parseError(app, err);
  }

  struct DropNotice { // the notice below refers to `rep`: forgotten before `rep` goes away
    ~DropNotice() { tools::dropInterruptNotice(); }
  } dropNotice;
  if (debugCmd.cmd->parsed()) // Ctrl-C stops the running command; the session goes on
    tools::installInterruptHandler([&rep] {
      rep.notice("locus: " + tools::interruptSignal() +
                 ": stopping the running command (interrupt again to end locus at once; quit or Ctrl-D ends "
                 "the session)");
    });
  if (verifyCmds.verify->parsed() || localizeCmd.cmd->parsed() || repairCmd.cmd->parsed())
    tools::installInterruptHandler([&rep] { // the commands that stop early and say what they found
      rep.notice("locus: " + tools::interruptSignal() +
                 ": stopping at the next step (interrupt again to end locus at once)");
    });
  try {
    if (memoryMb)
      tools::limitMemory(memoryMb);
    if (std::optional<int> rc = tools::runVerifyCommands(verifyCmds, rep))
      return *rc;
    if (localizeCmd.cmd->parsed())
      return localizeCmd.run(rep);
    if (repairCmd.cmd->parsed())
      return repairCmd.run(rep);
    if (debugCmd.cmd->parsed())
      return debugCmd.run(rep);
    if (std::optional<int> rc = tools::runMutateCommand(mutateCmd, rep))
      return *rc;
    if (std::optional<int> rc = tools::runBenchCommands(benchCmds, rep))
      return *rc;
    if (check->parsed())
      return cmdCheck(c, rep);
    if (irCmd->parsed())
      return cmdIr(c, noTags, noRanges, rep);
    if (run->parsed())
      return cmdRun(c, e, entry, args, spec, heap, rep);
    if (test->parsed()) {
      if (!spec.tests.empty())
        return cmdSuite(c, e, spec, entry, filter, rep);
      if (!spec.reference.empty())
        usageError("--reference needs --tests (the inputs to run both programs on)");
      return cmdTest(c, e, filter, allTests, rep);
    }
  } catch (const report::Error &err) {
    return rep.error(err.code, err.what());
  } catch (const std::bad_alloc &) { // a limit, like the others of docs/cli.md's table
    return rep.error(Exit::Unknown, tools::outOfMemoryMessage());
  } catch (const std::exception &ex) {
    return rep.error(Exit::Internal, ex.what());
  }
  return rep.error(Exit::Internal, "no subcommand ran");
}

/// The command's arguments and its exit code, for the thread that runs it.
struct MainCall {
  int argc;
  char **argv;
  int code = 0;
};

} // namespace

/// Runs the command on a thread with a 1 GiB stack (reserved, touched only as deep as it goes): Z3 and
/// cvc5 walk terms recursively, and a loop of 100 000 iterations writing an array read afterwards at a nondet
/// index (fully unrolled) gives a chain of stores that deep, which overflowed the main thread's 8 MiB stack.
int main(int argc, char **argv) {
  MainCall call{argc, argv};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, size_t(1) << 30) == 0 &&
                 pthread_create(
                     &thread, &attr,
                     [](void *p) -> void * {
                       auto *c = static_cast<MainCall *>(p);
                       c->code = locusMain(c->argc, c->argv);
                       return nullptr;
                     },
                     &call) == 0;
  pthread_attr_destroy(&attr);
  if (!started) // no such thread: the main thread's stack
    return locusMain(argc, argv);
  pthread_join(thread, nullptr);
  return call.code;
}
