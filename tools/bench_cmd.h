// `locus bench …`: the benchmark runners. Each runner is one subcommand in its own file (bench_<name>.cpp)
// that registers itself here; they share the reporting helpers of bench/lib.
#pragma once

#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace locus::tools {

struct BenchCommands {
  CLI::App *bench = nullptr;
  /// The exact command line, recorded in every report so a result can be reproduced.
  std::string commandLine;
  /// The reporter every runner writes through (its `--json` flags are the reporter's).
  report::Reporter *reporter = nullptr;
  /// One entry per runner: its subcommand and the function that runs it (called after parsing).
  std::vector<std::pair<CLI::App *, std::function<int(report::Reporter &)>>> runners;
};

/// Adds `bench` and every runner's subcommand to `app`. `argc/argv` are kept for the reports.
BenchCommands &addBenchCommands(CLI::App &app, report::Reporter &rep, int argc, char **argv);

/// Runs the runner that was parsed; nullopt if `bench` was not.
std::optional<int> runBenchCommands(const BenchCommands &cmds, report::Reporter &rep);

// Helpers the runners share.
/// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> splitComma(const std::string &s);
/// Makes (and drops) each solver of `specs` once, so a run fails before any work on a solver that cannot be
/// made; returns the factory's sentence for the first that cannot, or nullopt.
std::optional<std::string> unavailableSolver(const std::vector<std::string> &specs);

// The runners (one per file).
void addBenchVerify(BenchCommands &cmds);   ///< bench_verify.cpp: one suite, several solvers
void addBenchFaults(BenchCommands &cmds);   ///< bench_faults.cpp: faulty versions of a corpus, verified
void addBenchLocalize(BenchCommands &cmds); ///< bench_localize.cpp: localization scored against ground truth
void addBenchRepair(BenchCommands &cmds);   ///< bench_repair.cpp: repair methods on versions with a known fix
} // namespace locus::tools
