// The `locus` driver: git-style subcommands over the front end, the IR and the interpreter.
#include "frontend/gcl/frontend.h"
#include "ir/interp.h"
#include "ir/printer.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/program.h"
#include "session/render.h"
#include "session/run.h"
#include "session/values.h"
#include "tools/bench_cmd.h"
#include "tools/debug_cmd.h"
#include "tools/heap_output.h"
#include "tools/localize_cmd.h"
#include "tools/mutate_cmd.h"
#include "tools/options.h"
#include "tools/repair_cmd.h"
#include "tools/report.h"
#include "tools/verify_cmd.h"
#include "tools/version.h"

#include <CLI/CLI.hpp>
#include <pthread.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>

using namespace locus;
using report::Exit;
using report::Json;
using namespace locus::tools;

namespace {

/// Options every subcommand shares: the file, -I and --max-errors.
using Common = session::Source;

/// The specification options of `run` and `test`: a command line, a standard input, a suite, a reference.
struct RunSpec : session::SpecSource {
  std::string argv;      ///< --argv "ARGS" (run: a command line)
  std::string stdinFile; ///< --stdin FILE (run: the standard input)
};

using ExecOptions = session::ExecOptions;

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

/// Compiles for a command that needs the IR; the diagnostics go to the reporter. No program: the file does
/// not compile, and the command's answer (exit 2) has been given.
std::unique_ptr<session::Loaded> load(const Common &c, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(c);
  rep.diagnostics(l->diags);
  if (!l->prog)
    rep.finish(Json{{"file", c.file}, {"ok", false}}, Exit::InputError);
  return l;
}

int cmdCheck(const Common &c, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(c);
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
  std::unique_ptr<session::Loaded> l = load(c, rep);
  const std::optional<ir::Program> &prog = l->prog;
  if (!prog)
    return Exit::InputError;
  ir::PrintOptions opts{!noTags, !noRanges};
  ir::printProgram(rep.text(), *prog, opts);
  Json j = render::irToJson(*prog);
  j["ok"] = true;
  j["text"] = ir::toString(*prog, opts);
  return rep.finish(std::move(j), Exit::Ok);
}

int cmdRun(const Common &c, const ExecOptions &e, const std::string &entryName, const std::string &argText,
           const RunSpec &spec, const HeapFlags &heap, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = load(c, rep);
  if (!l->prog)
    return Exit::InputError;
  std::optional<ir::Program> &prog = l->prog;
  uint32_t entry = session::entryIndex(*prog, entryName, c.file, true);
  const ir::Procedure &proc = prog->procs[entry];
  std::vector<ir::Value> args = session::runArguments(*prog, entry, argText, spec.argv, c.file);
  ir::InterpOptions io = session::interpOptions(e);
  if (!spec.stdinFile.empty())
    io.input = session::readFile(spec.stdinFile, "--stdin");
  ir::Interpreter interp(*prog, io);
  ir::Outcome out = interp.run(entry, args);
  {
    session::IndeterminateNotes notes(l->sm);
    notes.add(out);
    rep.diagnostics(notes.notes());
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
  return rep.finish(std::move(j), session::exitFor(out));
}

/// `locus test FILE`: the tests declared in the file run, PASS/FAIL each.
int cmdTest(const Common &c, const ExecOptions &e, const std::string &filter, bool all,
            report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = load(c, rep);
  if (!l->prog)
    return Exit::InputError;
  const ir::Program &prog = *l->prog;
  session::IndeterminateNotes notes(l->sm);
  session::TestRun run = session::runDeclaredTests(
      prog, session::declaredTestsToRun(prog, c.file, all, filter), session::interpOptions(e), notes);
  render::printTestResults(rep.text(), prog, run, e.trace);
  rep.diagnostics(notes.notes());
  render::printTestTally(rep.text(), run, c.file, filter);
  return rep.finish(render::testRunJson(c.file, prog, run, e.trace), run.exit());
}

/// `locus test FILE --tests SUITE [--reference REF] [--compare tokens]`: each test of a suite run and
/// compared with its expected output (the suite's, or the reference's on the same input).
int cmdSuite(const Common &c, const ExecOptions &e, const RunSpec &spec, const std::string &entryName,
             const std::string &filter, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = load(c, rep);
  if (!l->prog)
    return Exit::InputError;
  const ir::Program &prog = *l->prog;
  uint32_t entry = session::entryIndex(prog, entryName, c.file);
  session::SuiteRun run =
      session::runSuite(prog, entry, c.file, spec, c.importPath, filter, session::interpOptions(e),
                        [&](const Diagnostics &d) { rep.diagnostics(d); });
  session::IndeterminateNotes notes(l->sm);
  for (const repair::SuiteResult &r : run.results)
    notes.add(r.run.outcome);
  rep.diagnostics(notes.notes());
  session::SuiteTally tally = session::tally(run.results);
  render::printSuiteRun(rep.text(), prog, run, tally);
  return rep.finish(render::suiteRunJson(c.file, run, tally), tally.exit());
}

/// The options and subcommands of `check`, `ir`, `run` and `test`.
struct BasicCommands {
  CLI::App *check = nullptr, *ir = nullptr, *run = nullptr, *test = nullptr;
  Common c;
  ExecOptions e;
  bool noTags = false, noRanges = false, allTests = false;
  std::string entry = "main", args, filter;
  RunSpec spec;
  HeapFlags heap;
};

std::unique_ptr<BasicCommands> addBasicCommands(CLI::App &app, report::Reporter &rep) {
  auto basic = std::make_unique<BasicCommands>();
  BasicCommands &b = *basic;
  b.check = app.add_subcommand("check", "parse and type-check a file; print diagnostics only");
  addCommon(b.check, b.c, rep);
  b.ir = app.add_subcommand("ir", "print the canonical IR (statement ids and source locations)");
  addCommon(b.ir, b.c, rep);
  b.ir->add_flag("--no-tags", b.noTags,
                 "omit the #id @line:col tags (the output then no longer round-trips ids)");
  b.ir->add_flag("--no-ranges", b.noRanges,
                 "omit each statement's construct id and source ranges (`^3 7:5+12 (…)`; the output then no "
                 "longer round-trips them)");
  b.run = app.add_subcommand("run", "execute a procedure with the interpreter; print the outcome and state");
  addCommon(b.run, b.c, rep);
  addExec(b.run, b.e);
  b.run->add_option("--entry", b.entry, "the procedure to run")->capture_default_str();
  b.run->add_option("--args", b.args, "its arguments, comma-separated: ints, true/false, null");
  b.run->add_option(
      "--argv", b.spec.argv,
      "a command line for a command-line entry (main(argc, argv)): the arguments, space-separated");
  b.run->add_option("--stdin", b.spec.stdinFile, "a file whose bytes are the standard input");
  addHeapOptions(b.run, b.heap, true, "the final (or failing) state");
  b.test = app.add_subcommand("test", "run the tests declared in the file; PASS/FAIL per test");
  addCommon(b.test, b.c, rep);
  addExec(b.test, b.e);
  b.test->add_option(
      "--filter", b.filter,
      "run only tests whose name contains this text (declared tests, or --tests suite entries)");
  b.test->add_flag("--all", b.allTests, "also run the tests declared in imported files (the stdlib's, say)");
  addSpecOptions(b.test, b.spec, true);
  b.test->add_option("--entry", b.entry, "with --tests: the procedure the tests run")->capture_default_str();
  return basic;
}

/// Runs whichever of `check`, `ir`, `run` and `test` was parsed; nullopt if none was.
std::optional<int> runBasicCommands(const BasicCommands &b, report::Reporter &rep) {
  if (b.check->parsed())
    return cmdCheck(b.c, rep);
  if (b.ir->parsed())
    return cmdIr(b.c, b.noTags, b.noRanges, rep);
  if (b.run->parsed())
    return cmdRun(b.c, b.e, b.entry, b.args, b.spec, b.heap, rep);
  if (!b.test->parsed())
    return std::nullopt;
  if (!b.spec.tests.empty())
    return cmdSuite(b.c, b.e, b.spec, b.entry, b.filter, rep);
  if (!b.spec.reference.empty())
    usageError("--reference needs --tests (the inputs to run both programs on)");
  return cmdTest(b.c, b.e, b.filter, b.allTests, rep);
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

  std::unique_ptr<BasicCommands> basic = addBasicCommands(app, rep);
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

  session::installAbortHandler(); // a solver library's abort is no answer, not a crash
  struct DropNotice {             // the notice below refers to `rep`: forgotten before `rep` goes away
    ~DropNotice() { session::dropInterruptNotice(); }
  } dropNotice;
  if (debugCmd.cmd->parsed()) // Ctrl-C stops the running command; the session goes on
    session::installInterruptHandler([&rep] {
      rep.notice("locus: " + session::interruptSignal() +
                 ": stopping the running command (interrupt again to end locus at once; quit or Ctrl-D ends "
                 "the session)");
    });
  if (verifyCmds.verify->parsed() || localizeCmd.cmd->parsed() || repairCmd.cmd->parsed())
    session::installInterruptHandler([&rep] { // the commands that stop early and say what they found
      rep.notice("locus: " + session::interruptSignal() +
                 ": stopping at the next step (interrupt again to end locus at once)");
    });
  try {
    if (memoryMb)
      session::limitMemory(memoryMb);
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
    if (std::optional<int> rc = runBasicCommands(*basic, rep))
      return *rc;
  } catch (const report::Error &err) {
    return rep.error(err.code, err.what());
  } catch (const std::bad_alloc &) { // a limit, like the others of docs/cli.md's table
    return rep.error(Exit::Unknown, session::outOfMemoryMessage());
  } catch (const encoder::Stopped &ex) { // Ctrl-C in an encoding no answer comes from (verify --show-checks)
    return rep.error(Exit::Unknown, ex.what());
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
