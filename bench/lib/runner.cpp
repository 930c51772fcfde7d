// The shared run loop of the bench runners, the task file, and the report files.
#include "bench/lib/runner.h"

#include "bench/lib/campaign.h"
#include "bench/lib/pool.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace locus::bench {

namespace fs = std::filesystem;

namespace {

/// The records of the campaign in `dir`, whose task list must be `list`.
std::vector<Json> collectRecords(const TaskList &list, const std::string &dir, double *seconds) {
  TaskList stored = readTaskFile(dir);
  auto same = [](const Json &a, const Json &b) {
    return a.dump(-1, ' ', false, Json::error_handler_t::replace) ==
           b.dump(-1, ' ', false, Json::error_handler_t::replace);
  };
  std::string changed = " differs from what the campaign's options give now: the corpus, its files or locus "
                        "changed since the campaign was written";
  if (stored.runner != list.runner || stored.tasks.size() != list.tasks.size())
    throw UsageError("the task list of " + dir + "/tasks.json (" + std::to_string(stored.tasks.size()) +
                     " tasks)" + changed + " (" + std::to_string(list.tasks.size()) + " tasks)");
  for (size_t i = 0; i < list.tasks.size(); ++i)
    if (!same(stored.tasks[i], list.tasks[i]))
      throw UsageError("task " + std::to_string(i) + " of " + dir + "/tasks.json (" + stored.labels[i] + ")" +
                       changed);
  std::vector<Json> records = readRecords(dir, list.tasks.size());
  if (seconds) {
    std::optional<fs::file_time_type> first, last;
    for (size_t i = 0; i < records.size(); ++i) {
      std::error_code ec;
      fs::file_time_type t =
          fs::last_write_time(fs::path(dir) / "records" / (std::to_string(i) + ".json"), ec);
      if (ec)
        continue;
      first = first ? std::min(*first, t) : t;
      last = last ? std::max(*last, t) : t;
    }
    *seconds = first ? std::chrono::duration<double>(*last - *first).count() : 0;
  }
  return records;
}

} // namespace

std::vector<Json> runTasks(const TaskList &list, const std::function<Json(size_t)> &run,
                           const LoopOptions &lo, double *seconds) {
  if (!lo.collect.empty())
    return collectRecords(list, lo.collect, seconds);
  if (!lo.taskDir.empty())
    writeTaskFile(lo.taskDir, list);
  std::vector<Json> records(list.tasks.size());
  auto t0 = Clock::now();
  Progress progress(list.tasks.size(), lo.what, lo.progress);
  WorkerPool pool(
      list.tasks.size(), [&](size_t i) { return run(i).dump(); }, lo.jobs, lo.hardLimit);
  pool.run([&](size_t i) { progress.step(list.labels[i]); }, [&](size_t i, Json r) { records[i] = r; });
  progress.done();
  if (seconds)
    *seconds = since(t0);
  return records;
}

void writeTaskFile(const std::string &dir, const TaskList &list) {
  fs::create_directories(dir);
  Json tasks = Json::array();
  for (size_t i = 0; i < list.tasks.size(); ++i)
    tasks.push_back(Json{{"label", list.labels[i]}, {"task", list.tasks[i]}});
  Json j{{"format", "locus-bench-tasks/1"},
         {"runner", list.runner},
         {"options", list.options},
         {"tasks", tasks}};
  std::ofstream(fs::path(dir) / "tasks.json")
      << j.dump(1, ' ', false, Json::error_handler_t::replace) << "\n";
}

TaskList readTaskFile(const std::string &dir) {
  std::string path = (fs::path(dir) / "tasks.json").string();
  std::ifstream in(path);
  if (!in)
    throw UsageError("cannot read '" + path + "'");
  Json j = Json::parse(in, nullptr, false);
  if (!j.is_object() || j.value("format", "") != "locus-bench-tasks/1" || !j["tasks"].is_array() ||
      !j["runner"].is_string())
    throw UsageError("'" + path + "' is not a task file of locus bench (locus-bench-tasks/1)");
  TaskList list;
  list.runner = j["runner"];
  list.options = j["options"];
  for (const Json &t : j["tasks"]) {
    list.labels.push_back(t.value("label", ""));
    list.tasks.push_back(t.contains("task") ? t["task"] : Json());
  }
  return list;
}

std::vector<std::string> writeReportFiles(const std::string &out, const std::string &name,
                                          const std::string &markdown, const Json &doc, int indent) {
  fs::create_directories(out);
  std::string md = (fs::path(out) / (name + ".md")).string(),
              js = (fs::path(out) / (name + ".json")).string();
  std::ofstream(md) << markdown;
  std::ofstream(js) << doc.dump(indent, ' ', false, Json::error_handler_t::replace) << "\n";
  return {md, js};
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

double mean(const std::vector<double> &v) {
  double s = 0;
  for (double x : v)
    s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

} // namespace locus::bench
