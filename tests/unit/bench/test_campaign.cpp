// Campaigns (bench/lib/campaign.h): the sbatch script's array and batches, time and memory lines; the
// campaign's state from its records; the records read back, a missing one as an error record.
#include "bench/lib/campaign.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace locus::bench;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path &p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("locus-campaign-test-" + std::to_string(::getpid()));
  TempDir() { fs::remove_all(path); }
  ~TempDir() { fs::remove_all(path); }
};

TaskList fakeList(size_t n) {
  TaskList list;
  list.runner = "faults";
  list.options = Json{{"timeout", 30}};
  for (size_t i = 0; i < n; ++i) {
    list.tasks.push_back(Json{{"file", "v" + std::to_string(i) + ".gcl"}});
    list.labels.push_back("v" + std::to_string(i));
  }
  return list;
}

} // namespace

TEST_CASE("a campaign's array stays within 1000 elements; time and memory follow the options") {
  TempDir d;
  SlurmOptions so;
  so.dir = d.path.string();
  so.partition = "short";
  Outcome out = writeCampaign(fakeList(2500), 100, so, "locus bench faults --slurm D");
  std::string script = slurp(d.path / "slurm" / "submit-0.sbatch");
  // 2500 tasks: 3 per element, 834 elements; the last holds the last task alone.
  CHECK(script.find("#SBATCH --array=0-833\n") != std::string::npos);
  CHECK(script.find("\n\"0 1 2\"\n") != std::string::npos);
  CHECK(script.find("\n\"2499\"\n)") != std::string::npos);
  CHECK(script.find("#SBATCH --time=10\n") != std::string::npos); // (3 × 100 s + 300 s) / 60
  CHECK(script.find("#SBATCH --mem=4G\n") != std::string::npos);
  CHECK(script.find("#SBATCH --partition=short\n") != std::string::npos);
  CHECK(script.find("--account") == std::string::npos);
  CHECK(script.find("--write --kill-after 100 ") != std::string::npos);
  CHECK(out.doc["campaign"]["slurm"]["batch"] == 3);
  CHECK(out.doc["campaign"]["submissions"][0]["array_elements"] == 834);
  CHECK(readCampaignFile(so.dir)->at("tasks") == 2500);
}

TEST_CASE("--batch, no time limit, no memory line") {
  TempDir d;
  SlurmOptions so;
  so.dir = d.path.string();
  so.batch = 2;
  so.mem = "";
  writeCampaign(fakeList(5), 0, so, "");
  std::string script = slurp(d.path / "slurm" / "submit-0.sbatch");
  CHECK(script.find("#SBATCH --array=0-2\n") != std::string::npos);
  CHECK(script.find("\n\"0 1\"\n\"2 3\"\n\"4\"\n)") != std::string::npos);
  CHECK(script.find("--time") == std::string::npos);
  CHECK(script.find("--mem") == std::string::npos);
  CHECK(script.find("--kill-after") == std::string::npos);
}

TEST_CASE("the state of a campaign: done, failed (crashed or killed), missing; records read back") {
  TempDir d;
  SlurmOptions so;
  so.dir = d.path.string();
  writeCampaign(fakeList(5), 10, so, "");
  writeRecord(so.dir, 0, Json{{"task", 0}, {"runs", Json::object()}});
  writeRecord(so.dir, 1, Json{{"task", 1}, {"crashed", "the run died: Segmentation fault"}});
  writeRecord(so.dir, 3, Json{{"task", 3}, {"killed", "killed after 10 s"}});
  std::ofstream(d.path / "records" / "4.json") << "{\"task\": 4, \"runs\""; // half written: no record
  CampaignState st = campaignState(so.dir);
  CHECK(st.tasks == 5);
  CHECK(st.done == std::vector<size_t>{0});
  CHECK(st.failed == std::vector<size_t>{1, 3});
  CHECK(st.missing == std::vector<size_t>{2, 4});
  CHECK(st.unfinished() == std::vector<size_t>{1, 2, 3, 4});
  std::vector<Json> records = readRecords(so.dir, 5);
  CHECK(records[0].contains("runs"));
  CHECK(records[1]["crashed"] == "the run died: Segmentation fault");
  CHECK(records[2]["task"] == 2);
  CHECK(records[2]["error"].get<std::string>().find("no record") == 0);
  Json status = campaignStatusJson(so.dir, st);
  CHECK(status["failed"][1]["why"] == "killed after 10 s");
  CHECK(status["missing"][0]["label"] == "v2");
  // A new campaign in the same directory starts without the old records.
  writeCampaign(fakeList(5), 10, so, "");
  CHECK(campaignState(so.dir).missing.size() == 5);
}
