// Campaigns on a Slurm cluster: the files of a campaign, its sbatch scripts, submitting them, its records.
#include "bench/lib/campaign.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace locus::bench {

namespace fs = std::filesystem;

namespace {

constexpr const char *kCampaignFormat = "locus-bench-campaign/1";
/// Slurm's default MaxArraySize is 1001 (indices 0..1000): a campaign's array stays within 1000 elements
/// unless --batch says otherwise.
constexpr size_t kArrayElements = 1000;
/// Room per array element besides its tasks' limits: starting processes, reading the task list, a slow disk.
constexpr double kElementMarginSeconds = 300;

std::string shellQuote(const std::string &s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string number(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

bool onPath(const std::string &name) {
  const char *path = std::getenv("PATH");
  std::istringstream in(path ? path : "");
  for (std::string d; std::getline(in, d, ':');)
    if (!d.empty() && ::access((fs::path(d) / name).c_str(), X_OK) == 0)
      return true;
  return false;
}

/// Runs `command` through /bin/sh; returns its exit status and its output (stdout and stderr).
int runCommand(const std::string &command, std::string &output) {
  FILE *p = ::popen((command + " 2>&1").c_str(), "r");
  if (!p)
    return -1;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
    output.append(buf, n);
  int status = ::pclose(p);
  return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.pop_back();
  size_t b = 0;
  while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  return s.substr(b);
}

/// Submits `script` with sbatch; returns the job id.
std::string submit(const std::string &script, const std::string &dir) {
  requireSbatch(dir);
  std::string output;
  int status = runCommand("sbatch --parsable " + shellQuote(script), output);
  output = trimmed(output);
  if (status != 0)
    throw UsageError("sbatch " + script + " failed" +
                     (status > 0 ? " (exit " + std::to_string(status) + ")" : "") +
                     (output.empty() ? "" : ": " + output) + "; the campaign is written, submit it yourself");
  // --parsable: "JOBID" or "JOBID;CLUSTER", after any warnings on lines of their own
  size_t nl = output.find_last_of('\n');
  std::string last = nl == std::string::npos ? output : output.substr(nl + 1);
  return last.substr(0, last.find(';'));
}

struct Script {
  std::string path;
  size_t elements = 0;
};

/// DIR/slurm/submit-K.sbatch: an array job over `tasks`, `batch` tasks per element.
Script writeScript(const std::string &dir, size_t k, const std::string &runner,
                   const std::vector<size_t> &tasks, const Json &campaign) {
  const Json &slurm = campaign["slurm"];
  size_t batch = std::max<size_t>(1, slurm["batch"].get<size_t>());
  double taskSeconds = campaign["task_seconds"];
  Script s;
  s.path = (fs::path(dir) / "slurm" / ("submit-" + std::to_string(k) + ".sbatch")).string();
  s.elements = (tasks.size() + batch - 1) / batch;
  fs::create_directories(fs::path(dir) / "slurm" / "logs");
  std::ostringstream os;
  os << "#!/bin/bash\n"
     << "# locus bench " << runner << ": " << tasks.size() << " task(s) of the campaign in " << dir
     << " (campaign.json), submission " << k << ".\n"
     << "# Each array element runs its tasks with `locus bench task DIR I --write`: DIR/records/I.json.\n"
     << "#SBATCH --job-name=locus-" << runner << "\n"
     << "#SBATCH --array=0-" << s.elements - 1 << "\n"
     << "#SBATCH --ntasks=1\n"
     << "#SBATCH --cpus-per-task=1\n";
  if (!slurm["mem"].get<std::string>().empty())
    os << "#SBATCH --mem=" << slurm["mem"].get<std::string>() << "\n";
  if (taskSeconds > 0)
    os << "#SBATCH --time="
       << static_cast<long>(
              std::ceil((static_cast<double>(batch) * taskSeconds + kElementMarginSeconds) / 60))
       << "\n";
  for (const char *key : {"partition", "account"})
    if (!slurm[key].get<std::string>().empty())
      os << "#SBATCH --" << key << "=" << slurm[key].get<std::string>() << "\n";
  os << "#SBATCH --output=" << (fs::path(dir) / "slurm" / "logs").string() << "/%A_%a.out\n"
     << "#SBATCH --chdir=" << campaign["cwd"].get<std::string>() << "\n";
  for (const Json &line : slurm["sbatch"])
    os << "#SBATCH " << line.get<std::string>() << "\n";
  os << "set -u\n"
     << "cd " << shellQuote(campaign["cwd"]) << " || exit 1 # the task list's paths are relative to it\n"
     << "locus=" << shellQuote(campaign["locus"]) << "\n"
     << "dir=" << shellQuote(dir) << "\n"
     << "batches=(\n";
  for (size_t e = 0; e < s.elements; ++e) {
    os << "\"";
    for (size_t j = e * batch; j < std::min(tasks.size(), (e + 1) * batch); ++j)
      os << (j == e * batch ? "" : " ") << tasks[j];
    os << "\"\n";
  }
  os << ")\n"
     << "status=0\n"
     << "for i in ${batches[$SLURM_ARRAY_TASK_ID]}; do\n"
     << "  \"$locus\" bench task \"$dir\" \"$i\" --write"
     << (taskSeconds > 0 ? " --kill-after " + number(taskSeconds) : "") << " || status=$?\n"
     << "done\n"
     << "exit $status\n";
  writeFileAtomically(s.path, os.str());
  fs::permissions(s.path, fs::perms::owner_exec | fs::perms::group_exec, fs::perm_options::add);
  return s;
}

void writeCampaignFile(const std::string &dir, const Json &campaign) {
  writeFileAtomically((fs::path(dir) / "campaign.json").string(),
                      campaign.dump(1, ' ', false, Json::error_handler_t::replace) + "\n");
}

/// What a submission is: its script, its tasks, its job id.
Json submission(const Script &s, size_t tasks, const std::string &job) {
  Json j{{"script", fs::path(s.path).filename().string()}, {"tasks", tasks}, {"array_elements", s.elements}};
  j["job"] = job.empty() ? Json() : Json(job);
  return j;
}

std::string describe(const Script &s, size_t tasks, const Json &campaign) {
  std::ostringstream os;
  const Json &slurm = campaign["slurm"];
  os << s.path << ": an array of " << s.elements << " element(s) for " << tasks << " task(s), up to "
     << slurm["batch"].get<size_t>() << " per element";
  if (campaign["task_seconds"].get<double>() > 0)
    os << ", each task killed after " << number(campaign["task_seconds"]) << " s";
  if (!slurm["mem"].get<std::string>().empty())
    os << ", " << slurm["mem"].get<std::string>() << " of memory per element";
  return os.str();
}

} // namespace

void requireSbatch(const std::string &dir) {
  if (!onPath("sbatch"))
    throw UsageError(
        "sbatch is not on PATH: submitting needs Slurm's client commands (run on a machine of the "
        "cluster" +
        (dir.empty() ? std::string(")") : "; the campaign is in " + dir + ")"));
}

std::string writeRecord(const std::string &dir, size_t index, const Json &record) {
  fs::path file = fs::path(dir) / "records" / (std::to_string(index) + ".json");
  fs::create_directories(file.parent_path());
  writeFileAtomically(file.string(), record.dump(1, ' ', false, Json::error_handler_t::replace) + "\n");
  return file.string();
}

std::vector<size_t> CampaignState::unfinished() const {
  std::vector<size_t> u = failed;
  u.insert(u.end(), missing.begin(), missing.end());
  std::sort(u.begin(), u.end());
  return u;
}

void writeFileAtomically(const std::string &path, const std::string &text) {
  fs::path tmp = fs::path(path).string() + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    if (!out)
      throw UsageError("cannot write '" + tmp.string() + "'");
  }
  fs::rename(tmp, path);
}

Outcome writeCampaign(const TaskList &list, double taskSeconds, const SlurmOptions &so,
                      const std::string &commandLine) {
  const std::string &dir = so.dir;
  if (so.submit)
    requireSbatch();
  // Records and scripts of an earlier campaign or run in this directory would be taken for this one's.
  if (fs::exists(fs::path(dir) / "tasks.json")) {
    fs::remove_all(fs::path(dir) / "records");
    fs::remove_all(fs::path(dir) / "slurm");
  }
  writeTaskFile(dir, list);
  size_t n = list.tasks.size();
  size_t batch = so.batch ? so.batch : std::max<size_t>(1, (n + kArrayElements - 1) / kArrayElements);
  std::error_code ec;
  Json campaign{{"format", kCampaignFormat},
                {"runner", list.runner},
                {"command_line", commandLine},
                {"cwd", fs::current_path().string()},
                {"locus", fs::read_symlink("/proc/self/exe", ec).string()},
                {"tasks", n},
                {"task_seconds", taskSeconds},
                {"slurm", Json{{"partition", so.partition},
                               {"account", so.account},
                               {"mem", so.mem},
                               {"batch", batch},
                               {"sbatch", so.sbatch}}},
                {"submissions", Json::array()}};
  std::vector<size_t> all(n);
  for (size_t i = 0; i < n; ++i)
    all[i] = i;
  Script s = writeScript(dir, 0, list.runner, all, campaign);
  campaign["submissions"].push_back(submission(s, n, ""));
  writeCampaignFile(dir, campaign);
  Outcome out;
  std::string job;
  if (so.submit) {
    job = submit(s.path, dir);
    campaign["submissions"][0]["job"] = job;
    writeCampaignFile(dir, campaign);
  }
  std::ostringstream os;
  os << "# locus bench " << list.runner << ": a campaign of " << n << " task(s) in " << dir << "\n\n"
     << "- task list: " << (fs::path(dir) / "tasks.json").string() << "\n"
     << "- campaign: " << (fs::path(dir) / "campaign.json").string() << "\n"
     << "- sbatch script: " << describe(s, n, campaign) << "\n"
     << "- records (one per task, as it ends): " << (fs::path(dir) / "records").string() << "/I.json\n"
     << "- logs: " << (fs::path(dir) / "slurm" / "logs").string() << "/JOB_ELEMENT.out\n\n"
     << (so.submit ? "Submitted as job " + job + ".\n"
                   : "Submit it on the cluster: `sbatch " + s.path + "` (or run `locus bench " + list.runner +
                         " … --slurm " + dir + " --submit`).\n")
     << "When its jobs have ended: `locus bench report " << dir << "` (`--status` meanwhile).\n";
  out.text = os.str();
  out.doc = Json{{"command", "bench " + list.runner}, {"campaign", campaign}};
  out.files = {(fs::path(dir) / "tasks.json").string(), (fs::path(dir) / "campaign.json").string(), s.path};
  return out;
}

std::optional<Json> readCampaignFile(const std::string &dir) {
  std::string path = (fs::path(dir) / "campaign.json").string();
  std::ifstream in(path);
  if (!in)
    return std::nullopt;
  Json j = Json::parse(in, nullptr, false);
  if (!j.is_object() || j.value("format", "") != kCampaignFormat || !j["submissions"].is_array() ||
      !j["slurm"].is_object())
    throw UsageError("'" + path + "' is not a campaign file of locus bench (" + kCampaignFormat + ")");
  return j;
}

namespace {
std::optional<Json> readRecord(const std::string &dir, size_t i) {
  std::ifstream in(fs::path(dir) / "records" / (std::to_string(i) + ".json"));
  if (!in)
    return std::nullopt;
  Json j = Json::parse(in, nullptr, false);
  if (!j.is_object())
    return std::nullopt;
  return j;
}
} // namespace

CampaignState campaignState(const std::string &dir) {
  TaskList list = readTaskFile(dir);
  CampaignState st;
  st.tasks = list.tasks.size();
  for (size_t i = 0; i < st.tasks; ++i) {
    std::optional<Json> r = readRecord(dir, i);
    if (!r)
      st.missing.push_back(i);
    else if (r->contains("crashed") || r->contains("killed"))
      st.failed.push_back(i);
    else
      st.done.push_back(i);
  }
  return st;
}

std::vector<Json> readRecords(const std::string &dir, size_t n) {
  std::vector<Json> records;
  for (size_t i = 0; i < n; ++i) {
    std::optional<Json> r = readRecord(dir, i);
    records.push_back(
        r ? *r
          : Json{{"task", i},
                 {"error", "no record: the task did not run or did not finish (" +
                               (fs::path(dir) / "records" / (std::to_string(i) + ".json")).string() + ")"}});
  }
  return records;
}

Json campaignStatusJson(const std::string &dir, const CampaignState &st) {
  TaskList list = readTaskFile(dir);
  Json failed = Json::array(), missing = Json::array();
  for (size_t i : st.failed) {
    std::optional<Json> r = readRecord(dir, i);
    failed.push_back(Json{{"task", i},
                          {"label", list.labels[i]},
                          {"why", r ? r->value("crashed", r->value("killed", std::string())) : ""}});
  }
  for (size_t i : st.missing)
    missing.push_back(Json{{"task", i}, {"label", list.labels[i]}});
  return Json{
      {"dir", dir}, {"tasks", st.tasks}, {"done", st.done.size()}, {"failed", failed}, {"missing", missing}};
}

std::string campaignStatusText(const std::string &dir, const CampaignState &st) {
  Json j = campaignStatusJson(dir, st);
  std::ostringstream os;
  os << "Campaign " << dir << ": " << st.tasks << " task(s), " << st.done.size() << " done, "
     << st.failed.size() << " failed, " << st.missing.size() << " without a record.\n";
  for (const char *key : {"failed", "missing"}) {
    const Json &list = j[key];
    if (list.empty())
      continue;
    os << "\n"
       << (std::string(key) == "failed" ? "Failed (crashed or killed at the task's limit)"
                                        : "Without a record")
       << ":\n\n";
    for (size_t k = 0; k < list.size() && k < 100; ++k) {
      os << "- task " << list[k]["task"].get<size_t>() << ": " << list[k]["label"].get<std::string>();
      if (list[k].contains("why") && !list[k]["why"].get<std::string>().empty())
        os << ": " << list[k]["why"].get<std::string>();
      os << "\n";
    }
    if (list.size() > 100)
      os << "- … and " << list.size() - 100 << " more (see --json)\n";
  }
  return os.str();
}

Outcome resubmitCampaign(const std::string &dir) {
  std::optional<Json> campaign = readCampaignFile(dir);
  if (!campaign)
    throw UsageError(dir + " has no campaign.json: only a campaign written with --slurm can be resubmitted");
  CampaignState st = campaignState(dir);
  std::vector<size_t> again = st.unfinished();
  Outcome out;
  if (again.empty()) {
    out.text = "Every task of " + dir + " has a record that ran: nothing to resubmit.\n";
    out.doc = Json{{"command", "bench report"}, {"resubmitted", Json::array()}};
    return out;
  }
  requireSbatch(dir);
  // Tasks of jobs still queued or running would run twice.
  std::set<std::string> ours;
  for (const Json &s : (*campaign)["submissions"])
    if (s["job"].is_string())
      ours.insert(s["job"].get<std::string>());
  std::string queue;
  if (runCommand("squeue -h -o %F", queue) == 0) {
    std::istringstream in(queue);
    for (std::string id; in >> id;)
      if (ours.count(id))
        throw UsageError("job " + id + " of the campaign in " + dir +
                         " is still queued or running: wait for it to end (or scancel it), then resubmit");
  }
  size_t k = (*campaign)["submissions"].size();
  TaskList list = readTaskFile(dir);
  Script s = writeScript(dir, k, list.runner, again, *campaign);
  (*campaign)["submissions"].push_back(submission(s, again.size(), ""));
  writeCampaignFile(dir, *campaign);
  std::string job = submit(s.path, dir);
  (*campaign)["submissions"][k]["job"] = job;
  writeCampaignFile(dir, *campaign);
  std::ostringstream os;
  os << "Resubmitted " << again.size() << " task(s) (" << st.failed.size() << " failed, " << st.missing.size()
     << " without a record) as job " << job << ": " << describe(s, again.size(), *campaign) << ".\n";
  out.text = os.str();
  out.doc = Json{{"command", "bench report"}, {"resubmitted", again}, {"job", job}, {"script", s.path}};
  out.files = {s.path};
  return out;
}

} // namespace locus::bench
