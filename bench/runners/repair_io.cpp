// bench repair --io: bench/io's versions (one edit of a reference program each), repaired against the
// reference with its test suite (class io-tests) and against the reference alone (io-reference).
#include "bench/runners/common.h"
#include "bench/runners/repair.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace locus::bench::repairer {

namespace fs = std::filesystem;

namespace {

/// The fault of version `v` as FAULTS.md lists it (`| v1 | boundary: … | edit |`): "boundary: …; edit".
std::string faultOf(const fs::path &faults, const std::string &v) {
  std::ifstream in(faults);
  for (std::string line; std::getline(in, line);) {
    std::string head = "| " + v + " | ";
    if (line.rfind(head, 0) != 0)
      continue;
    std::string rest = line.substr(head.size());
    size_t bar = rest.find(" | ");
    if (bar == std::string::npos)
      return rest;
    std::string edit = rest.substr(bar + 3);
    if (edit.size() >= 2 && edit.compare(edit.size() - 2, 2, " |") == 0)
      edit.resize(edit.size() - 2);
    return rest.substr(0, bar) + ": " + edit;
  }
  return "";
}

} // namespace

std::vector<Task> ioTasks(const RepairOptions &o) {
  const fs::path manifest = "bench/io/manifest.json";
  Json m;
  try {
    m = Json::parse(readText(manifest.string()));
  } catch (const std::exception &e) {
    throw UsageError("bench repair: --io: cannot read " + manifest.string() + ": " + e.what());
  }
  std::vector<std::string> wanted = splitComma(o.io);
  bool all = wanted.size() == 1 && wanted[0] == "all";
  std::vector<Task> tasks;
  for (const std::string &w : wanted) {
    bool known = all;
    for (const Json &set : m.value("sets", Json::array()))
      known |= set.value("id", "") == w;
    if (!known)
      throw UsageError("bench repair: --io: no set '" + w + "' in " + manifest.string() + " (or: all)");
  }
  for (const Json &set : m.value("sets", Json::array())) {
    std::string id = set.value("id", "");
    if (!all && std::find(wanted.begin(), wanted.end(), id) == wanted.end())
      continue;
    fs::path dir = manifest.parent_path() / id;
    mutate::CorpusProgram src;
    src.id = "io-" + id;
    src.lang = "c";
    src.file = (dir / set.value("reference", "reference.c")).string();
    src.unwind = set.value("unwind", 5u);
    fs::path work = fs::path(o.work) / src.id;
    fs::create_directories(work);
    for (unsigned k = 1; k <= set.value("versions", 0u); ++k) {
      std::string v = "v" + std::to_string(k);
      fs::path copy = work / (v + ".c");
      fs::copy_file(dir / (v + ".c"), copy, fs::copy_options::overwrite_existing);
      for (const char *cls : {"io-tests", "io-reference"}) {
        Task t;
        t.label = src.id + "." + v + (cls == std::string("io-tests") ? " (--tests)" : " (--reference)");
        t.file = copy.string();
        t.cls = cls;
        t.src = src;
        t.fault = faultOf(dir / "FAULTS.md", v);
        if (t.cls == "io-tests")
          t.suite = (dir / set.value("suite", "suite")).string();
        t.inputBytes = set.value("input_bytes", 0u);
        tasks.push_back(std::move(t));
      }
    }
  }
  return tasks;
}

} // namespace locus::bench::repairer
