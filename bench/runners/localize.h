// Internal to the localize runner (localize.cpp, localize_misses.cpp, localize_report.cpp): its
// configurations, tasks and the pieces of a task's run.
#pragma once

#include "bench/runners/runners.h"
#include "bench/runners/scoring.h"
#include "repair/common/failure.h"
#include "repair/localize/gradient.h"
#include "repair/localize/localize.h"

#include <string>
#include <vector>

namespace locus::bench::localizer {

/// One localization configuration: a method, its weights and the parts it relaxes, on a solver.
struct Config {
  std::string method, weights, solver;
  bool guards = false;
  /// `+intended`, for a method that takes an intended state (localize::Method::takesExpectedState; gradient:
  /// the paper's setting), the intended states at the region's ends —
  /// the failing run's own state where the region starts (the code before it is the original's) and the
  /// original program's state on the same inputs where the check starts (localize::expectedFromReference)
  /// as the post-state, instead of the one derived from the failing check.
  bool intended = false;
  bool target = false;       ///< `+target`: relax where statements write too (--parts value,target)
  bool sharedTarget = false; ///< `+sharedtarget`: the same under the value's selector (--parts value+target)
  std::string name() const {
    return method + (weights.empty() ? "" : ":" + weights) + (guards ? "+guards" : "") +
           (target ? "+target" : "") + (sharedTarget ? "+sharedtarget" : "") + (intended ? "+intended" : "") +
           (solver.empty() ? "" : "/" + solver);
  }
};

/// The record of the consensus of every configuration's ranking (localize::consensusRanking), beside the
/// configurations' when there are two or more.
inline constexpr const char *kConsensus = "consensus";

/// One faulty version to localize.
struct Task {
  std::string label, file, entry, cls, program, lang;
  std::string original; ///< the program the version was made from (gradient's misses are rerun against it)
  std::vector<std::string> procs; ///< the procedures under test: what may be blamed
  uint32_t unwind = 5, heap = 64;
  std::vector<Truth> truth;
  /// The suite's faults, one line each ("operator at line 12: `b0 := x < y` -> `b0 := x <= y`"); the must
  /// property is checked on the versions with one fault.
  std::vector<std::string> faults;
  /// Per fault: it changes the variable a statement assigns (`x := e` -> `y := e`), not an expression.
  std::vector<bool> lhsFaults;
};

Json toJson(const Task &t);
Task taskFromJson(const Json &j);

/// A method's options a configuration's `:VARIANT` may set: its enum options but --parts (`+guards` says that
/// one), whose values contain no comma.
std::vector<repair::OptionDecl> variantOptions(const localize::Method &m);
/// --configs' help, from the registry: each method with its variants.
std::string configsHelp();
/// The configurations of --configs × --solvers; throws UsageError on a bad one (an unknown method, a variant
/// none of the method's variant options accepts).
std::vector<Config> parseConfigs(const LocalizeOptions &o, const std::vector<std::string> &solvers);

/// A version's original program and its state where the failing check starts
/// (localize::expectedFromReference): the intended state of `+intended` configurations and of the soundness
/// claim's miss explanations. `error` when the original does not compile or gives no state.
struct Intended {
  std::optional<ir::Program> original;
  std::optional<localize::ExpectedState> expected;
  std::string error;
};
Intended intendedState(const ir::Program &prog, const Task &task, const repair::Failure &f,
                       const localize::Options &lo);

/// The soundness claim (localize::Claim::Sound, gradient's: Wolverine2's theorem) of method `m`'s run `r` on
/// the failure `f`: every mutated statement that ran is ranked. Adds "sound", "missed" (each miss explained:
/// rerun with the intended state where `m` takes one, the path, no-op writes), "not_run" and the method's
/// suspicious-set statistics to the run's record `rj`.
void soundness(const localize::Method &m, const ir::Program &prog, const Task &task, const repair::Failure &f,
               const localize::Options &lo, const localize::Result &r, Json &rj);

/// Writes the report of a run (markdown, JSON, plots) from the tasks and their records.
struct ReportInput {
  const LocalizeOptions &o;
  const std::vector<std::string> &langs, &solvers;
  const std::vector<Config> &configs;
  const std::vector<Task> &tasks;
  const std::vector<Json> &results;
  double runSeconds;
  const std::string &commandLine;
};
Outcome report(const ReportInput &in);

} // namespace locus::bench::localizer
