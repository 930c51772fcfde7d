// What the runners share besides bench/lib: checking solvers before a run, time limits, and the entry points
// of `bench task` per runner (runners.cpp dispatches to them).
#pragma once

#include "bench/lib/runner.h"
#include "bench/mutate/suite.h"
#include "bench/runners/runners.h"

#include "backends/solver.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace locus::bench {

/// Makes (and drops) each solver of `specs` once, so a run fails before any work on a solver that cannot be
/// made; returns the factory's sentence for the first that cannot, or nullopt.
std::optional<std::string> unavailableSolver(const std::vector<std::string> &specs);

using backends::timeLimitMs; ///< a limit in seconds as milliseconds, as the driver's `--timeout` converts it

/// The contents of a file ("" when it cannot be read).
std::string readText(const std::string &path);

/// A value with nlohmann's (unordered) conversions (NLOHMANN_DEFINE_TYPE_*) as the runners' ordered JSON, and
/// back: options and tasks in tasks.json.
template <class T> Json toOrderedJson(const T &value) {
  nlohmann::json j = value;
  return Json::parse(j.dump());
}
template <class T> T fromOrderedJson(const Json &j) {
  return nlohmann::json::parse(j.dump()).get<T>();
}

/// The corpus a suite runner works on (localize, repair): --quick's preset applied first (the CI subset: 6
/// programs, 1 version per class, the papers' faults), then the corpus of `o.langs` read from `o.manifest`
/// and cut to `o.programs`, and `o.work` defaulted to TMPDIR/`workName`. Throws UsageError when the corpus
/// cannot be read.
template <class O> std::vector<mutate::CorpusProgram> suiteCorpus(O &o, const std::string &workName) {
  std::string err;
  std::optional<std::vector<mutate::CorpusProgram>> corpus =
      mutate::readCorpus(o.manifest, splitComma(o.langs), err);
  if (!corpus)
    throw UsageError(err);
  mutate::keepPrograms(*corpus, splitComma(o.programs));
  if (o.work.empty())
    o.work = (std::filesystem::temp_directory_path() / workName).string();
  return std::move(*corpus);
}
template <class O> void quickPreset(O &o) {
  if (!o.quick)
    return;
  o.programs = o.programs.empty() ? "B01,B05,L03,KB-max,JO-twobranch,RG-absValue" : o.programs;
  o.versions = 1;
  o.papers = true;
}

/// A runner's task list: its name, its options as JSON, and per task the JSON `json(task)` gives and the
/// task's `label`.
template <class O, class T, class F>
TaskList taskListOf(const std::string &runner, const O &o, const std::vector<T> &tasks, F json) {
  TaskList list;
  list.runner = runner;
  list.options = toOrderedJson(o);
  for (const T &t : tasks) {
    list.tasks.push_back(json(t));
    list.labels.push_back(t.label);
  }
  return list;
}

/// Runs one stored task of each runner: `options` and `task` as the runner wrote them into tasks.json,
/// `index` the task's position in the list.
Json runStoredVerifyTask(const Json &options, const Json &task);
Json runStoredFaultsTask(const Json &options, const Json &task, size_t index);
Json runStoredLocalizeTask(const Json &options, const Json &task);
Json runStoredRepairTask(const Json &options, const Json &task);

/// Runs each runner again with the options it wrote into tasks.json (`bench report DIR`: `ctx.collect`
/// names the campaign whose records it reads).
Outcome rerunVerify(const Json &options, const Context &ctx);
Outcome rerunFaults(const Json &options, const Context &ctx);
Outcome rerunLocalize(const Json &options, const Context &ctx);
Outcome rerunRepair(const Json &options, const Context &ctx);

} // namespace locus::bench
