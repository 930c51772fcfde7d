// Solver checks, time limits, `bench task` (one stored task in a child) and `bench report` (a campaign's
// runner run again on its records), and the context of `--slurm`.
#include "bench/runners/common.h"

#include "backends/solver.h"
#include "bench/lib/child.h"
#include "bench/runners/runners.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

namespace locus::bench {

namespace fs = std::filesystem;

std::optional<std::string> unavailableSolver(const std::vector<std::string> &specs) {
  backends::TermManager tm;
  for (const std::string &s : specs)
    if (backends::MakeSolverResult made = backends::makeSolver(s, tm); !made)
      return made.error;
  return std::nullopt;
}

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Json runStoredTask(const std::string &dir, size_t index, double killAfter) {
  TaskList list = readTaskFile(dir);
  if (index >= list.tasks.size())
    throw UsageError("bench task: task " + std::to_string(index) + " of " + dir + "/tasks.json: there are " +
                     std::to_string(list.tasks.size()) + " tasks");
  static const std::map<std::string, std::function<Json(const Json &, const Json &, size_t)>> runners = {
      {"verify", [](const Json &o, const Json &t, size_t) { return runStoredVerifyTask(o, t); }},
      {"faults", [](const Json &o, const Json &t, size_t i) { return runStoredFaultsTask(o, t, i); }},
      {"localize", [](const Json &o, const Json &t, size_t) { return runStoredLocalizeTask(o, t); }},
      {"repair", [](const Json &o, const Json &t, size_t) { return runStoredRepairTask(o, t); }}};
  auto run = runners.find(list.runner);
  if (run == runners.end())
    throw UsageError("bench task: unknown runner '" + list.runner + "' in " + dir + "/tasks.json");
  // In a fresh child, as the worker pool runs a task: a crash or a kill gives the pool's record.
  std::string why;
  bool killed = false;
  std::optional<std::string> answer = runInChild(
      [&] { return run->second(list.options, list.tasks[index], index).dump(); }, why, killAfter, &killed);
  if (killed)
    return Json{{"task", index},
                {"killed", "killed after " + std::to_string(static_cast<int>(killAfter)) + " s"}};
  if (!answer)
    return Json{{"task", index}, {"crashed", why}};
  Json record = Json::parse(*answer, nullptr, false);
  return record.is_discarded() ? Json{{"task", index}, {"error", "the task's process sent malformed output"}}
                               : record;
}

Context slurmContext(Context ctx, SlurmOptions &so, std::string &work) {
  if (so.dir.empty())
    return ctx;
  fs::path dir = fs::absolute(so.dir).lexically_normal();
  if (dir.filename().empty())
    dir = dir.parent_path();
  if (!work.empty() && fs::absolute(work).lexically_normal() != dir &&
      fs::absolute(work).lexically_normal() != dir / "")
    throw UsageError("--work " + work + " and --slurm " + so.dir +
                     " differ: a campaign's directory is the runner's work directory (give one of them)");
  if (dir.string().find_first_of(" \t\n'\"\\") != std::string::npos)
    throw UsageError(
        "--slurm " + so.dir +
        ": the campaign's path must not contain white space, quotes or backslashes (sbatch reads "
        "it from the script's #SBATCH lines)");
  if (so.submit)
    requireSbatch();
  so.dir = dir.string();
  work = so.dir;
  ctx.slurm = &so;
  return ctx;
}

Outcome reportCampaign(const ReportOptions &o, const Context &ctx) {
  fs::path dir = fs::absolute(o.dir).lexically_normal();
  if (dir.filename().empty())
    dir = dir.parent_path();
  if (!fs::exists(dir / "tasks.json"))
    throw UsageError(o.dir + " is not a campaign: it has no tasks.json (write one with `locus bench RUNNER … "
                             "--slurm DIR`)");
  std::optional<Json> campaign = readCampaignFile(dir.string());
  if (o.resubmitFailed)
    return resubmitCampaign(dir.string());
  CampaignState st = campaignState(dir.string());
  if (o.status) {
    Outcome out;
    out.text = campaignStatusText(dir.string(), st);
    out.doc = Json{{"command", "bench report"}, {"campaign", campaignStatusJson(dir.string(), st)}};
    out.exit = st.unfinished().empty() ? Ok : Unknown;
    return out;
  }
  TaskList list = readTaskFile(dir.string());
  Json options = list.options;
  if (!o.out.empty())
    options["out"] = fs::absolute(o.out).string();
  if (!o.name.empty())
    options["name"] = o.name;
  // The campaign's paths (its corpus manifest, its --out) are relative to where it was written.
  if (campaign && (*campaign)["cwd"].is_string()) {
    std::error_code ec;
    fs::current_path((*campaign)["cwd"].get<std::string>(), ec);
    if (ec)
      throw UsageError("cannot change into the campaign's directory of origin " +
                       (*campaign)["cwd"].get<std::string>() + ": " + ec.message());
  }
  Context rerun = ctx;
  rerun.progress = false;
  rerun.collect = dir.string();
  if (campaign && (*campaign)["command_line"].is_string())
    rerun.commandLine = (*campaign)["command_line"];
  static const std::map<std::string, std::function<Outcome(const Json &, const Context &)>> runners = {
      {"verify", rerunVerify}, {"faults", rerunFaults}, {"localize", rerunLocalize}, {"repair", rerunRepair}};
  auto run = runners.find(list.runner);
  if (run == runners.end())
    throw UsageError("bench report: unknown runner '" + list.runner + "' in " + dir.string() + "/tasks.json");
  Outcome out = run->second(options, rerun);
  out.text += "\n## Campaign\n\n" + campaignStatusText(dir.string(), st);
  out.doc["campaign"] = campaignStatusJson(dir.string(), st);
  if (!st.failed.empty())
    out.warnings.push_back(std::to_string(st.failed.size()) +
                           " task(s) crashed or were killed at their limit (listed under Campaign)");
  if (!st.missing.empty()) {
    out.warnings.push_back(std::to_string(st.missing.size()) +
                           " task(s) have no record: the report is incomplete (listed under Campaign; "
                           "`locus bench report " +
                           dir.string() + " --resubmit-failed` once the jobs have ended)");
    if (out.exit != Internal)
      out.exit = Unknown;
  }
  return out;
}

} // namespace locus::bench
