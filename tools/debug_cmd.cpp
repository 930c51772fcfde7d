// `locus debug FILE [--entry P] [--args …] [--script F]`: parses, opens the session, runs the shell.
#include "tools/debug_cmd.h"

#include "debug/shell.h"
#include "session/error.h"
#include "session/interrupt.h"
#include "session/program.h"
#include "session/values.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace locus::tools {

namespace {

struct DebugArgs {
  debug::Options o;
  std::string nondet, stdinFile, script, svgDir;
  unsigned timeout = 120;
  bool plain = false, echo = false;
};

int run(const DebugArgs &a, report::Reporter &rep) {
  debug::Options o = a.o;
  std::vector<ir::Value> nondets = session::nondetValues(a.nondet);
  o.nondets.insert(o.nondets.end(), nondets.begin(), nondets.end());
  if (!a.stdinFile.empty())
    o.input = session::readFile(a.stdinFile, "--stdin");
  o.repairTimeoutMs = a.timeout * 1000;
  o.cancel = &session::interruptToken();
  debug::Session s(o);
  rep.diagnostics(s.diagnostics());
  if (!s.ready())
    return rep.finish(report::Json{{"file", o.source.file}, {"ok", false}}, session::Exit::InputError);
  debug::ShellOptions so;
  so.json = rep.json();
  so.svgDir = a.svgDir;
  so.beforeCommand = [] { session::rearmInterrupt(); };
  if (!a.svgDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.svgDir, ec);
    if (ec)
      report::usageError("--svg: cannot make the folder " + a.svgDir + ": " + ec.message());
  }
  std::ifstream script;
  std::istream *in = &std::cin;
  if (!a.script.empty()) {
    script.open(a.script);
    if (!script)
      report::usageError("--script: cannot read " + a.script);
    in = &script;
    so.echo = true;
  } else {
    so.interactive = !a.plain && isatty(0) && isatty(1) && !rep.json();
    so.echo = a.echo;
  }
  if (!so.json && so.interactive)
    std::cout << "locus debug: " << o.source.file << " (help lists the commands; start runs the program)\n";
  // The output goes straight to stdout: a session is its transcript (no final document).
  size_t failed = debug::runShell(s, *in, std::cout, so);
  return !a.script.empty() && failed ? session::Exit::Violated : session::Exit::Ok;
}

} // namespace

DebugCommand addDebugCommand(CLI::App &app, report::Reporter &rep) {
  auto a = std::make_shared<DebugArgs>();
  CLI::App *cmd = app.add_subcommand("debug", "step through a program, see its heap, record what it should "
                                              "reach, localize and repair (docs/debug.md)");
  cmd->add_option("FILE", a->o.source.file, "a .gcl or .c file")->required();
  cmd->add_flag("--json", rep.jsonFlag(), "one JSON object per command (for tools and editors)");
  cmd->add_option("-I,--import-path", a->o.source.importPath,
                  "extra directory searched by `import` (repeatable)");
  cmd->add_option("--entry", a->o.entry, "the procedure to run")->capture_default_str();
  cmd->add_option("--args", a->o.args, "its arguments, comma-separated: ints, true/false, null");
  cmd->add_option("--argv", a->o.argv, "a command line for a command-line entry (main(argc, argv))");
  cmd->add_option("--stdin", a->stdinFile, "a file whose bytes are the standard input");
  cmd->add_option("--nondet", a->nondet, "values for `nondet`, consumed in order");
  cmd->add_option("--seed", a->o.seed, "after --nondet values run out, draw nondet values from this seed");
  cmd->add_option("--ints", a->o.ints, "integer semantics: math or bv32")
      ->check(CLI::IsMember({"math", "bv32"}))
      ->capture_default_str();
  cmd->add_option("--solver", a->o.solver, "the solver of localize and repair: z3 or cvc5")
      ->check(CLI::IsMember({"z3", "cvc5"}))
      ->capture_default_str();
  cmd->add_option("--timeout", a->timeout, "seconds a repair or localization may take")
      ->capture_default_str();
  cmd->add_option(
      "--script", a->script,
      "read the commands from this file (one or more per line, `;` between) and print the transcript; "
      "exit 1 when a command failed");
  cmd->add_option("--svg", a->svgDir,
                  "write the heap as SVG after every command that moves the run into DIR");
  cmd->add_flag("--plain", a->plain, "read plain lines from stdin even at a terminal (no line editing)");
  cmd->add_flag("--echo", a->echo, "print each command before its reply");
  DebugCommand d;
  d.cmd = cmd;
  d.run = [a](report::Reporter &r) { return run(*a, r); };
  return d;
}

} // namespace locus::tools
