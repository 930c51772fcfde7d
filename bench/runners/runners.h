// The four benchmark runners behind `locus bench …` (tools/bench_*.cpp declare their options and print what
// they return): verify (one suite, several solvers), faults (faulty versions of a corpus, verified),
// localize (localization scored against ground truth), repair (repair methods on versions with a known fix).
// Each builds its task list, runs it through bench/lib's shared loop (runner.h) and summarizes the records.
#pragma once

#include "bench/lib/campaign.h"
#include "bench/lib/runner.h"

#include <cstdint>
#include <string>
#include <vector>

namespace locus::bench {

/// What every runner is told besides its options.
struct Context {
  std::string commandLine; ///< the exact command line, recorded in every report
  bool progress = true;    ///< show the progress line on stderr (off under --json)
  /// `--slurm DIR`: the runner stops after its task list and writes the campaign (writeCampaign) instead of
  /// running it.
  const SlurmOptions *slurm = nullptr;
  /// `bench report DIR`: the runner reads its records from this campaign instead of running its tasks
  /// (LoopOptions::collect).
  std::string collect;
};

/// The context of a runner under `--slurm DIR` (`so.dir` non-empty; otherwise `ctx` as it is): DIR made
/// absolute is the runner's work directory (`work`; a different `--work` is a UsageError), `ctx.slurm`
/// points to `so`. Checks that sbatch is on PATH for `--submit`.
Context slurmContext(Context ctx, SlurmOptions &so, std::string &work);

/// `bench report DIR`.
struct ReportOptions {
  std::string dir;
  std::string out, name;       ///< instead of the runner's own --out and --name
  bool status = false;         ///< only the campaign's state: which tasks ran, failed, have no record
  bool resubmitFailed = false; ///< submit the failed and missing tasks again (resubmitCampaign)
};

/// `bench report DIR`: reruns the campaign's runner with its stored options, its records read from DIR
/// (the same report as a local run: markdown, JSON, plots, written to its --out), and adds the campaign's
/// state (failed and missing tasks). Exit: the runner's, or 3 when tasks have no record. Throws
/// UsageError when DIR is not a campaign.
Outcome reportCampaign(const ReportOptions &o, const Context &ctx);

/// `bench verify`: every program of a suite with every solver configuration, interleaved.
struct VerifyOptions {
  std::vector<std::string> paths; ///< directories or files; with a manifest, the languages to take from it
  std::string solvers = "z3,cvc5";
  std::string posings = "auto"; ///< each solver with each of these posings …
  std::string cores = "off";    ///< … and core production on/off (for assume and push)
  bool plain = false;           ///< also time the solver binaries on the printed queries
  /// The verification modes, each a configuration of every solver: bmc (the fixed bound), auto (`verify
  /// --unwind auto`), kind (`verify --k-induction`), the last two up to `maxUnwind`.
  std::string modes = "bmc";
  uint32_t maxUnwind = 256;
  std::string manifest;
  std::string entry = "main";
  uint32_t unwind = 5, heap = 64;
  std::string ints = "math";
  bool noUnwindingAssertions = false;
  double timeout = 60;
  unsigned repeat = 1;
  std::string work; ///< where tasks.json is written (empty: not written)
  std::string out;
  std::string name = "verify-solvers";
};

/// `bench faults`: a seeded faulty suite of a corpus, every version verified with every solver.
struct FaultsOptions {
  std::string manifest = "bench/corpus/programs.json";
  std::string langs = "gcl";
  std::string programs; ///< comma-separated ids to keep (empty: all)
  std::string classes = "C1,C2,C3,C4";
  unsigned versions = 40;
  uint64_t seed = 1;
  std::string solvers = "z3,cvc5";
  unsigned jobs = 2;
  double timeout = 30;
  std::string work;
  std::string out;
  std::string name = "faults";
  bool quick = false;
  bool generateOnly = false;
};

/// `bench localize`: localization configurations scored against the ground truth of faulty versions.
struct LocalizeOptions {
  std::string manifest = "bench/corpus/programs.json";
  std::string langs = "gcl";
  std::string programs;
  std::string classes = "C1,C2,C3,C4";
  unsigned versions = 5;
  uint64_t seed = 1;
  bool noSuite = false, papers = false;
  std::string configs =
      "maxsat:uniform,maxsat:ochiai,ofc:uniform,ofc:ochiai,must,mbd,sbfl:tarantula,sbfl:ochiai,"
      "sbfl:dstar,pwp,gradient";
  std::string solvers = "z3";
  unsigned jobs = 2;
  double timeout = 30;
  size_t maxSize = 3, maxSets = 10;
  std::string work, out, name = "localize";
  bool quick = false;
};

/// `bench repair`: repair configurations on faulty versions whose correct version is known.
struct RepairOptions {
  std::string manifest = "bench/corpus/programs.json";
  std::string langs = "gcl";
  std::string programs;
  std::string classes = "L1,L2";
  unsigned versions = 2;
  uint64_t seed = 1;
  bool noSuite = false, papers = false;
  std::string configs = "mutate,mutate:nofl,template";
  /// Which classes each method runs on: "METHOD=CLASS,CLASS" entries (`--on`); a method without one runs
  /// on every class.
  std::vector<std::string> on = {"mutate=L1,L2,papers,C1,C2,C3,C4,io-tests,io-reference",
                                 "template=papers,C1,io-tests,io-reference",
                                 "proof=C1,C2,C3,C4,papers,io-tests,io-reference"};
  /// bench/io's sets to add (`--io`: ids of bench/io/manifest.json, comma-separated, or `all`).
  std::string io;
  std::string solvers = "z3";
  unsigned jobs = 2;
  double timeout = 60;
  size_t max = 20;
  unsigned maxMutations = 1; ///< --max-mutations (maxMutationsHelp)
  size_t equivalenceChecks = 5;
  std::string equivalenceSolver = "cvc5";
  std::string work, out, name = "repair";
  bool quick = false;
};

/// The runners. Each throws UsageError on bad input (before any work) and otherwise returns its report,
/// written to OPTIONS.out as well when that is set.
Outcome runVerify(const VerifyOptions &o, const Context &ctx);
Outcome runFaults(FaultsOptions o, const Context &ctx);
/// The --configs help of `bench localize` and `bench repair`, generated from the methods' registries.
std::string localizeConfigsHelp();
std::string repairConfigsHelp();
/// The help line of `bench repair --max-mutations` (the option of one method, named there).
std::string maxMutationsHelp();

Outcome runLocalize(LocalizeOptions o, const Context &ctx);
Outcome runRepair(RepairOptions o, const Context &ctx);

/// `bench task DIR I`: runs task I of DIR/tasks.json (written by a runner) in a child process, as the
/// worker pool does, and returns its record, the one the runner's loop would have collected: a child that
/// dies gives {"task", "crashed": why}, one still running after `killAfter` seconds (> 0) is killed and
/// gives {"task", "killed": "killed after N s"}. Throws UsageError on a missing or malformed task file, an
/// unknown runner or an index out of range.
Json runStoredTask(const std::string &dir, size_t index, double killAfter = 0);

} // namespace locus::bench
