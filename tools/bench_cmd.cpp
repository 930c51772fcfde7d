// The `bench` parent command: registers the runners and dispatches to the one that was parsed.
#include "tools/bench_cmd.h"

#include "backends/solver.h"
#include "bench/lib/report.h"

#include <sstream>

namespace locus::tools {

BenchCommands &addBenchCommands(CLI::App &app, report::Reporter &rep, int argc, char **argv) {
  static BenchCommands cmds; // the subcommands' option storage must outlive parsing
  cmds.reporter = &rep;
  cmds.bench =
      app.add_subcommand("bench", "benchmark runners: markdown tables, JSON and plots, side by side");
  cmds.bench->require_subcommand(1);
  cmds.commandLine = bench::commandLine(argc, argv);
  addBenchVerify(cmds);
  addBenchFaults(cmds);
  addBenchLocalize(cmds);
  addBenchRepair(cmds);
  return cmds;
}

std::optional<int> runBenchCommands(const BenchCommands &cmds, report::Reporter &rep) {
  if (!cmds.bench || !cmds.bench->parsed())
    return std::nullopt;
  for (const auto &[sub, run] : cmds.runners)
    if (sub->parsed())
      return run(rep);
  return std::nullopt;
}

std::vector<std::string> splitComma(const std::string &s) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, ','))
    if (!cur.empty())
      out.push_back(cur);
  return out;
}

std::optional<std::string> unavailableSolver(const std::vector<std::string> &specs) {
  backends::TermManager tm;
  for (const std::string &s : specs)
    if (backends::MakeSolverResult made = backends::makeSolver(s, tm); !made)
      return made.error;
  return std::nullopt;
}

} // namespace locus::tools
