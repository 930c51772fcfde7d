// A pool of fork()ed worker processes running benchmark tasks, each task in a fresh child of its worker.
#pragma once

#include <nlohmann/json.hpp>

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace locus::bench {

/// Runs tasks 0..n-1 in `jobs` worker processes. Each worker reads task indices from a pipe and runs each
/// task in a fresh child (bench::runInChild), so every task starts from the same process state and a crash
/// costs only its task; the worker answers one JSON line per task. A worker past `hardLimit` seconds on one
/// task (0: none) is killed and replaced, as is a crashed one; their tasks get a record
/// `{"task": i, "killed"|"crashed": why}`.
class WorkerPool {
public:
  /// `work(i)` runs in the child and returns task i's record, a JSON document on one line.
  WorkerPool(size_t tasks, std::function<std::string(size_t)> work, unsigned jobs, double hardLimit);

  /// Runs every task; `start(i)` is called in the parent when task i is dispatched, `done(i, record)` as its
  /// result arrives (in completion order).
  void run(const std::function<void(size_t)> &start,
           const std::function<void(size_t, nlohmann::ordered_json)> &done);

private:
  struct Worker {
    pid_t pid = -1;
    int in = -1, out = -1; ///< parent's ends: write task indices, read results
    long task = -1;
    bool killed = false;
    std::chrono::steady_clock::time_point started;
    std::string buf;
  };
  void closeInput(Worker &w);
  Worker spawn();

  size_t tasks_;
  std::function<std::string(size_t)> work_;
  unsigned jobs_;
  double hard_;
  std::vector<Worker> workers_;
};

} // namespace locus::bench
