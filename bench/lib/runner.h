// The loop every bench runner shares: a list of tasks (each a JSON document a fresh process can run), run in
// a pool of worker processes with a progress line, collected into one record per task, then summarized by the
// runner into its report (markdown, JSON, plots). The task list is written to DIR/tasks.json, so that one
// task can be run again by index in another process (`locus bench task DIR I`).
#pragma once

#include "bench/lib/report.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace locus::bench {

using Json = nlohmann::ordered_json;

/// The exit codes of the runners (the driver's: docs/cli.md).
enum Exit : int { Ok = 0, Violated = 1, InputError = 2, Unknown = 3, Internal = 4 };

/// Bad input to a runner (an option, a manifest, an empty suite): the run ends with exit 2 and this message.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// What a run of a runner gives back to the driver, which prints it: the report as text (markdown) or, under
/// `--json`, the document; warnings and notes for the user; the exit code.
struct Outcome {
  std::string text;
  Json doc;
  std::vector<std::string> warnings, notes;
  std::vector<std::string> files; ///< the report files written (markdown, JSON, plot data, scripts, images)
  int exit = Ok;
  /// A plot written: its files, and gnuplot's warning when it could not render.
  void add(const PlotResult &plot) {
    if (!plot.warning.empty())
      warnings.push_back(plot.warning);
    files.insert(files.end(), plot.files.begin(), plot.files.end());
  }
};

/// The work of a run: one JSON document per task, with everything a fresh process needs to run it besides
/// the runner's options.
struct TaskList {
  std::string runner; ///< "verify", "faults", "localize", "repair"
  Json options;       ///< the runner's effective options (after --quick and the defaults)
  std::vector<Json> tasks;
  std::vector<std::string> labels; ///< per task: what the progress line shows
};

/// How the loop runs a task list.
struct LoopOptions {
  std::string what;     ///< the progress line's name: "faults"
  unsigned jobs = 1;    ///< worker processes
  double hardLimit = 0; ///< seconds per task before its worker is killed (0: none)
  bool progress = true; ///< show the progress line (off under --json)
  std::string taskDir;  ///< when non-empty, the list is written to taskDir/tasks.json first
  /// When non-empty, a campaign directory (`bench report DIR`): nothing runs; the list must equal
  /// DIR/tasks.json and the records are read from DIR/records (bench/lib/campaign.h).
  std::string collect;
};

/// Runs every task of `list`: `run(i)` executes in a fresh child of a worker (bench::WorkerPool) and returns
/// task i's record. Returns the records in task order; `*seconds` (when given) is the loop's wall time. A
/// task whose worker crashed or was killed gets the pool's record ({"task", "crashed"|"killed"}). With
/// `lo.collect`, the records of that campaign instead (a missing one as {"task", "error": "no record …"});
/// `*seconds` is then the time from the campaign's first record to its last. Throws UsageError when the
/// list differs from the campaign's.
std::vector<Json> runTasks(const TaskList &list, const std::function<Json(size_t)> &run,
                           const LoopOptions &lo, double *seconds = nullptr);

/// Writes DIR/tasks.json: {"format": "locus-bench-tasks/1", "runner", "options", "tasks"}.
void writeTaskFile(const std::string &dir, const TaskList &list);
/// Reads DIR/tasks.json; throws UsageError when it is missing or not a task file.
TaskList readTaskFile(const std::string &dir);

/// Writes OUT/NAME.md and OUT/NAME.json (`indent` spaces per level; invalid UTF-8 replaced) and returns
/// their paths.
std::vector<std::string> writeReportFiles(const std::string &out, const std::string &name,
                                          const std::string &markdown, const Json &doc, int indent);

/// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> splitComma(const std::string &s);
/// The arithmetic mean; 0 for no values.
double mean(const std::vector<double> &v);

} // namespace locus::bench
