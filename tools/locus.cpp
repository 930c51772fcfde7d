// The `locus` driver: git-style subcommands over the front end, the IR and the interpreter.
#include "frontend/source.h"
#include "ir/interp.h"
#include "ir/printer.h"
#include "tools/bench_cmd.h"
#include "tools/localize_cmd.h"
#include "tools/mutate_cmd.h"
#include "tools/report.h"
#include "tools/values.h"
#include "tools/verify_cmd.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <filesystem>
#include <iostream>
#include <sstream>

using namespace locus;
using report::Exit;
using report::Json;
using tools::parseValue;
using tools::splitList;

namespace {

/// Options every subcommand shares.
struct Common {
  std::string file;
  bool json = false;
  std::vector<std::string> importPath;
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

void addCommon(CLI::App *cmd, Common &c) {
  cmd->add_option("FILE", c.file, "a .gcl or .c file")->required();
  cmd->add_flag("--json", c.json, "print the result as JSON on stdout");
  cmd->add_option("-I,--import-path", c.importPath, "extra directory searched by `import` (repeatable)");
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

[[noreturn]] void usageError(const std::string &msg) {
  std::cerr << "locus: error: " << msg << "\n";
  std::exit(Exit::InputError);
}

/// Loads, checks and lowers a file; prints diagnostics. nullopt: errors were reported.
std::optional<ir::Program> compile(const Common &c, SourceManager &sm, Diagnostics &diags) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(c.file, ec))
    usageError("cannot read '" + c.file + "': no such file");
  frontend::Options fo;
  fo.importPath = c.importPath;
  return frontend::compileSource(c.file, sm, diags, fo);
}

/// Compiles for a command that needs the IR. Errors and warnings are printed (as text on stderr, or as a JSON
/// document with `ok: false` on stdout); nullopt means the command should exit with InputError.
std::optional<ir::Program> load(const Common &c, const char *command) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = compile(c, sm, diags);
  if (!c.json)
    diags.print(std::cerr);
  else if (!prog)
    std::cout << Json{{"command", command},
                      {"file", c.file},
                      {"ok", false},
                      {"diagnostics", report::toJson(diags)}}
                     .dump(2)
              << "\n";
  return prog;
}

int cmdCheck(const Common &c) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = compile(c, sm, diags);
  if (c.json) {
    Json j;
    j["command"] = "check";
    j["file"] = c.file;
    j["ok"] = prog.has_value();
    j["diagnostics"] = report::toJson(diags);
    std::cout << j.dump(2) << "\n";
  } else {
    diags.print(std::cerr);
    if (prog) {
      size_t procs = 0, tests = 0;
      for (const ir::Procedure &p : prog->procs)
        (p.isTest ? tests : procs)++;
      std::cout << c.file << ": ok (" << procs << " procedures, " << tests << " tests, "
                << prog->records.size() << " record types)\n";
    } else {
      std::cerr << diags.errorCount() << (diags.errorCount() == 1 ? " error" : " errors") << " generated\n";
    }
  }
  return prog ? Exit::Ok : Exit::InputError;
}

int cmdIr(const Common &c, bool noTags) {
  std::optional<ir::Program> prog = load(c, "ir");
  if (!prog)
    return Exit::InputError;
  if (c.json) {
    Json j = report::irToJson(*prog);
    j["command"] = "ir";
    j["ok"] = true;
    j["text"] = ir::toString(*prog, ir::PrintOptions{!noTags});
    std::cout << j.dump(2) << "\n";
  } else {
    ir::printProgram(std::cout, *prog, ir::PrintOptions{!noTags});
  }
  return Exit::Ok;
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

int cmdRun(const Common &c, const ExecOptions &e, const std::string &entryName, const std::string &argText) {
  std::optional<ir::Program> prog = load(c, "run");
  if (!prog)
    return Exit::InputError;
  uint32_t entry = prog->procIndex(entryName);
  if (entry == ir::kNone) {
    std::string names;
    for (const ir::Procedure &p : prog->procs)
      if (!p.isTest)
        names += (names.empty() ? "" : ", ") + p.name;
    usageError("no procedure '" + entryName + "' in " + c.file +
               (names.empty() ? "" : " (procedures: " + names + ")") + "; choose one with --entry");
  }
  const ir::Procedure &proc = prog->procs[entry];
  std::vector<ir::Value> args;
  std::vector<std::string> texts = argText.empty() ? std::vector<std::string>{} : splitList(argText);
  if (texts.size() != proc.params.size())
    usageError("'" + proc.name + "' takes " + std::to_string(proc.params.size()) +
               " argument(s), --args gave " + std::to_string(texts.size()));
  for (size_t i = 0; i < texts.size(); ++i) {
    std::string err;
    const ir::Var &param = proc.vars[proc.params[i]];
    std::optional<ir::Value> v = parseValue(texts[i], param.type.kind, err);
    if (!v)
      usageError("--args: parameter '" + param.name + "': " + err);
    args.push_back(*v);
  }
  ir::Interpreter interp(*prog, interpOptions(e));
  ir::Outcome out = interp.run(entry, args);
  report::OutcomeView view{*prog, out, entry};
  if (c.json) {
    Json j;
    j["command"] = "run";
    j["file"] = c.file;
    j["entry"] = proc.name;
    j.update(report::toJson(view, true));
    std::cout << j.dump(2) << "\n";
  } else {
    size_t tail = e.trace ? out.trace.size() : (out.kind == ir::OutcomeKind::Ok ? 0 : 20);
    report::printOutcome(std::cout, view, tail, true);
  }
  return exitFor(out);
}

/// True if `loc` lies in the file the user named (not in an imported one).
bool inMainFile(const ir::Program &prog, SourceLoc loc, const std::string &mainFile) {
  if (loc.file >= prog.files.size())
    return false;
  std::error_code ec;
  return prog.files[loc.file] == mainFile || std::filesystem::equivalent(prog.files[loc.file], mainFile, ec);
}

int cmdTest(const Common &c, const ExecOptions &e, const std::string &filter, bool all) {
  std::optional<ir::Program> prog = load(c, "test");
  if (!prog)
    return Exit::InputError;
  std::vector<uint32_t> tests;
  for (uint32_t i = 0; i < prog->procs.size(); ++i)
    if (prog->procs[i].isTest && (all || inMainFile(*prog, prog->procs[i].loc, c.file)) &&
        (filter.empty() || prog->procs[i].name.find(filter) != std::string::npos))
      tests.push_back(i);
  size_t passed = 0, failed = 0, unknown = 0;
  Json results = Json::array();
  for (uint32_t t : tests) {
    ir::Interpreter interp(*prog, interpOptions(e));
    ir::Outcome out = interp.run(t, {});
    const std::string &name = prog->procs[t].name;
    bool pass = out.kind == ir::OutcomeKind::Ok;
    bool isUnknown = out.kind == ir::OutcomeKind::Limit;
    (pass ? passed : isUnknown ? unknown : failed)++;
    const char *status = pass                                      ? "PASS"
                         : isUnknown                               ? "UNKNOWN"
                         : out.kind == ir::OutcomeKind::Infeasible ? "INFEASIBLE"
                                                                   : "FAIL";
    if (c.json) {
      Json j;
      j["test"] = name;
      j["status"] = status;
      j.update(report::toJson(report::OutcomeView{*prog, out, t}, e.trace));
      results.push_back(std::move(j));
      continue;
    }
    std::cout << status << " " << name;
    if (!pass) {
      std::cout << ": " << (out.message.empty() ? report::verdict(out) : out.message);
      if (out.loc.valid())
        std::cout << " at " << report::where(*prog, out.loc);
    }
    std::cout << "\n";
    if (!pass && e.trace)
      report::printOutcome(std::cout, report::OutcomeView{*prog, out, t}, out.trace.size(), true);
  }
  if (c.json) {
    Json j;
    j["command"] = "test";
    j["file"] = c.file;
    j["passed"] = passed;
    j["failed"] = failed;
    j["unknown"] = unknown;
    j["tests"] = std::move(results);
    std::cout << j.dump(2) << "\n";
  } else if (tests.empty()) {
    std::cout << c.file << ": no tests" << (filter.empty() ? "" : " matching '" + filter + "'") << "\n";
  } else {
    std::cout << passed << " passed, " << failed << " failed";
    if (unknown)
      std::cout << ", " << unknown << " unknown";
    std::cout << "\n";
  }
  if (failed)
    return Exit::Violated;
  return unknown ? Exit::Unknown : Exit::Ok;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{
      "locus: a verifier toolchain for debugging, fault localization and repair of GCL and C programs.\n"
      "Exit codes: 0 ok, 1 property violated, 2 usage or input error, 3 unknown, 4 internal error."};
  app.set_version_flag("--version", "locus 0.1.0");
  app.require_subcommand(1);
  app.fallthrough(false);

  Common c;
  ExecOptions e;
  bool noTags = false, allTests = false;
  std::string entry = "main", args, filter;

  CLI::App *check = app.add_subcommand("check", "parse and type-check a file; print diagnostics only");
  addCommon(check, c);
  CLI::App *irCmd = app.add_subcommand("ir", "print the canonical IR (statement ids and source locations)");
  addCommon(irCmd, c);
  irCmd->add_flag("--no-tags", noTags,
                  "omit the #id @line:col tags (the output then no longer round-trips ids)");
  CLI::App *run =
      app.add_subcommand("run", "execute a procedure with the interpreter; print the outcome and state");
  addCommon(run, c);
  addExec(run, e);
  run->add_option("--entry", entry, "the procedure to run")->capture_default_str();
  run->add_option("--args", args, "its arguments, comma-separated: ints, true/false, null");
  CLI::App *test = app.add_subcommand("test", "run the tests declared in the file; PASS/FAIL per test");
  addCommon(test, c);
  addExec(test, e);
  test->add_option("--filter", filter, "run only tests whose name contains this text");
  test->add_flag("--all", allTests, "also run the tests declared in imported files (the stdlib's, say)");

  tools::VerifyCommands verifyCmds = tools::addVerifyCommands(app);
  tools::LocalizeCommand localizeCmd = tools::addLocalizeCommand(app);
  tools::MutateCommand mutateCmd = tools::addMutateCommand(app);
  tools::BenchCommands &benchCmds = tools::addBenchCommands(app, argc, argv);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &err) {
    int rc = app.exit(err);
    return rc == 0 ? Exit::Ok : Exit::InputError;
  }

  try {
    if (std::optional<int> rc = tools::runVerifyCommands(verifyCmds))
      return *rc;
    if (localizeCmd.cmd->parsed())
      return localizeCmd.run();
    if (std::optional<int> rc = tools::runMutateCommand(mutateCmd))
      return *rc;
    if (std::optional<int> rc = tools::runBenchCommands(benchCmds))
      return *rc;
    if (check->parsed())
      return cmdCheck(c);
    if (irCmd->parsed())
      return cmdIr(c, noTags);
    if (run->parsed())
      return cmdRun(c, e, entry, args);
    if (test->parsed())
      return cmdTest(c, e, filter, allTests);
  } catch (const std::exception &ex) {
    std::cerr << "locus: internal error: " << ex.what() << "\n";
    return Exit::Internal;
  }
  return Exit::InputError;
}
