// A campaign: a runner's task list run outside the worker pool, one task per process, on a Slurm cluster (job
// arrays). `--slurm DIR` writes the campaign (DIR/tasks.json, DIR/campaign.json and an sbatch script per
// submission under DIR/slurm/); every array element runs its tasks with `locus bench task DIR I --write`,
// which leaves DIR/records/I.json; `locus bench report DIR` reads the records back (bench/README.md,
// "Campaigns on a Slurm cluster").
#pragma once

#include "bench/lib/runner.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace locus::bench {

/// The options of `--slurm DIR` (the driver's, before the runner runs).
struct SlurmOptions {
  std::string dir;                ///< the campaign directory (empty: run locally)
  bool submit = false;            ///< submit the script with sbatch
  std::string partition, account; ///< `#SBATCH --partition`, `--account` (empty: the cluster's default)
  std::string mem = "4G";         ///< `#SBATCH --mem` per array element
  size_t batch = 0;               ///< tasks per array element (0: as few as keep the array at 1000 elements)
  std::vector<std::string>
      sbatch; ///< further `#SBATCH` lines, verbatim (e.g. "--qos=long", "--constraint=x")
};

/// What is known of a campaign's tasks from DIR/records.
struct CampaignState {
  size_t tasks = 0;
  std::vector<size_t> done;    ///< a record that ran (whatever it found)
  std::vector<size_t> failed;  ///< a record of a process that crashed or was killed at the task's limit
  std::vector<size_t> missing; ///< no record (not run yet, still running, or its job died)
  /// The failed and missing tasks, in task order: what --resubmit-failed submits again.
  std::vector<size_t> unfinished() const;
};

/// Writes the campaign of `list` into `so.dir` (the runner's work directory): tasks.json, campaign.json and
/// slurm/submit-0.sbatch, an array job whose elements run `batch` tasks each with `locus bench task DIR I
/// --write --kill-after S` (S = `taskSeconds`, the runner's own hard limit per task; 0: none) and whose time
/// limit is batch × S + 5 minutes; submits it when `so.submit`. The outcome says what was written and
/// how to go on. The records and scripts of an earlier campaign or run in `so.dir` (one that left a
/// tasks.json) are removed first. Throws UsageError when sbatch is needed but missing or fails.
Outcome writeCampaign(const TaskList &list, double taskSeconds, const SlurmOptions &so,
                      const std::string &commandLine);

/// The state of the campaign in `dir` (its records). Throws UsageError when `dir` holds no task list.
CampaignState campaignState(const std::string &dir);

/// The records of tasks 0..n-1 from DIR/records/I.json; a missing or unreadable record becomes
/// {"task": I, "error": "no record …"}, which the runners count as an error.
std::vector<Json> readRecords(const std::string &dir, size_t n);

/// DIR/campaign.json (nullopt when there is none: a task list written by a local run).
std::optional<Json> readCampaignFile(const std::string &dir);

/// `bench report DIR --resubmit-failed`: writes slurm/submit-K.sbatch for the failed and missing tasks and
/// submits it. Throws UsageError when the campaign has no campaign.json, nothing is unfinished, jobs of the
/// campaign are still queued or running, or sbatch is missing or fails.
Outcome resubmitCampaign(const std::string &dir);

/// The campaign's status as markdown lines (counts, then the failed and missing tasks with their labels)
/// and as JSON: {"dir", "tasks", "done", "failed": [{"task", "label", "why"}], "missing": [{"task",
/// "label"}]}.
std::string campaignStatusText(const std::string &dir, const CampaignState &st);
Json campaignStatusJson(const std::string &dir, const CampaignState &st);

/// Throws UsageError when sbatch is not on PATH (`dir`, when given, is named as the campaign's directory).
void requireSbatch(const std::string &dir = "");

/// Writes `record` to DIR/records/I.json (as `bench task` prints it; atomically) and returns the path.
std::string writeRecord(const std::string &dir, size_t index, const Json &record);

/// Writes `text` to `path` through a temporary file and a rename, so a reader never sees half of it.
void writeFileAtomically(const std::string &path, const std::string &text);

} // namespace locus::bench
