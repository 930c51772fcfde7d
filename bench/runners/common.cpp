// Solver checks, time limits and the dispatch of `bench task`.
#include "bench/runners/common.h"

#include "backends/solver.h"
#include "bench/runners/runners.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace locus::bench {

std::optional<std::string> unavailableSolver(const std::vector<std::string> &specs) {
  backends::TermManager tm;
  for (const std::string &s : specs)
    if (backends::MakeSolverResult made = backends::makeSolver(s, tm); !made)
      return made.error;
  return std::nullopt;
}

unsigned timeLimitMs(double seconds) {
  constexpr double kMaxSeconds = 4294967.0; // 2^32 - 1 ms, the largest z3 and cvc5 take
  if (!(seconds > 0))
    return 0;
  return static_cast<unsigned>(std::clamp(std::ceil(seconds * 1000), 1.0, kMaxSeconds * 1000));
}

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Json runStoredTask(const std::string &dir, size_t index) {
  TaskList list = readTaskFile(dir);
  if (index >= list.tasks.size())
    throw UsageError("bench task: task " + std::to_string(index) + " of " + dir + "/tasks.json: there are " +
                     std::to_string(list.tasks.size()) + " tasks");
  const Json &task = list.tasks[index];
  if (list.runner == "verify")
    return runStoredVerifyTask(list.options, task);
  if (list.runner == "faults")
    return runStoredFaultsTask(list.options, task, index);
  if (list.runner == "localize")
    return runStoredLocalizeTask(list.options, task);
  if (list.runner == "repair")
    return runStoredRepairTask(list.options, task);
  throw UsageError("bench task: unknown runner '" + list.runner + "' in " + dir + "/tasks.json");
}

} // namespace locus::bench
