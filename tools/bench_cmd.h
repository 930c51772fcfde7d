// `locus bench …`: the benchmark runners. Each runner is one subcommand in its own file (bench_<name>.cpp)
// that declares its options and registers itself here; the runners themselves are library code
// (bench/runners), and this layer prints what they return through the Reporter.
#pragma once

#include "bench/runners/runners.h"
#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
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

/// Registers the runner `sub` (which declares its own `--json`): after parsing, `run` is called with the
/// runner's context (the command line, progress unless `--json`) and its outcome printed through the reporter
/// (warnings, notes, the markdown or the JSON document, the exit code); a bench::UsageError becomes a usage
/// error (exit 2).
void addBenchRunner(BenchCommands &cmds, CLI::App *sub,
                    std::function<bench::Outcome(const bench::Context &)> run);

/// Adds `--slurm DIR` and its companions (`--submit`, `--partition`, `--account`, `--mem`, `--batch`,
/// `--sbatch`) to the runner `sub`; the runner passes the result to bench::slurmContext.
std::shared_ptr<bench::SlurmOptions> addSlurmOptions(CLI::App *sub);

// The runners (one per file).
void addBenchVerify(BenchCommands &cmds);   ///< bench_verify.cpp: one suite, several solvers
void addBenchFaults(BenchCommands &cmds);   ///< bench_faults.cpp: faulty versions of a corpus, verified
void addBenchLocalize(BenchCommands &cmds); ///< bench_localize.cpp: localization scored against ground truth
void addBenchRepair(BenchCommands &cmds);   ///< bench_repair.cpp: repair methods on versions with a known fix
void addBenchTask(BenchCommands &cmds);     ///< bench_cmd.cpp: one task of a written task list, by index
void addBenchReport(BenchCommands &cmds);   ///< bench_cmd.cpp: a campaign's records merged into its report
} // namespace locus::tools
