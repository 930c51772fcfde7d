// Unit tests of suite generation: a corpus manifest in, a work directory out, byte-identical from the seed.
#include "bench/mutate/suite.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace locus;
namespace fs = std::filesystem;

namespace {

/// Every file under `dir` (relative path → bytes).
std::map<std::string, std::string> snapshot(const fs::path &dir) {
  std::map<std::string, std::string> out;
  for (const auto &e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) {
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream os;
      os << in.rdbuf();
      out[fs::relative(e.path(), dir).string()] = os.str();
    }
  return out;
}

/// Writes a corpus manifest into `dir`; returns `dir`.
fs::path writeCorpus(const fs::path &dir) {
  std::string root = LOCUS_SOURCE_DIR;
  std::ofstream(dir / "programs.json") << R"({"programs": [
  {"id": "reverse", "files": {"gcl": ")"
                                       << root << R"(/examples/reverse.gcl"}, "entry": "main",
   "proc": "reverse", "unwind": 6, "heap": 8},
  {"id": "maxhg", "files": {"gcl": ")" << root
                                       << R"(/tests/regress/papers/max_hg_fixed.gcl"},
   "entry": "max", "procs": ["max"]},
  {"id": "twobranch", "files": {"gcl": ")"
                                       << root << R"(/tests/regress/papers/twobranch_jo_fixed.gcl",
   "c": "missing.c"}}
]})";
  return dir;
}

} // namespace

TEST_CASE("a corpus manifest is read with its defaults") {
  testing::TempDir tmp("locus-test-suite");
  fs::path dir = writeCorpus(tmp.path());
  std::string err;
  auto corpus = mutate::readCorpus((dir / "programs.json").string(), {"gcl"}, err);
  REQUIRE(corpus.has_value());
  REQUIRE(corpus->size() == 3);
  CHECK((*corpus)[0].key() == "reverse-gcl");
  CHECK((*corpus)[0].procs == std::vector<std::string>{"reverse"});
  CHECK((*corpus)[0].unwind == 6);
  CHECK((*corpus)[0].heap == 8);
  CHECK((*corpus)[1].procs == std::vector<std::string>{"max"});
  CHECK((*corpus)[2].entry == "main");
  CHECK((*corpus)[2].unwind == 5);
  auto c = mutate::readCorpus((dir / "programs.json").string(), {"c"}, err);
  REQUIRE(c.has_value());
  CHECK(c->size() == 1);
  CHECK_FALSE(mutate::readCorpus((dir / "nothing.json").string(), {"gcl"}, err).has_value());
  CHECK(err.find("cannot read") != std::string::npos);
}

TEST_CASE("the suite regenerates byte-identically from its seed") {
  testing::TempDir tmp("locus-test-suite");
  fs::path dir = writeCorpus(tmp.path());
  std::string err;
  auto corpus = mutate::readCorpus((dir / "programs.json").string(), {"gcl"}, err);
  REQUIRE(corpus.has_value());
  corpus->resize(2);
  mutate::SuiteOptions o;
  o.versions = 5;
  o.seed = 2024;
  o.workDir = (dir / "a").string();
  mutate::Suite a = mutate::generateSuite(*corpus, o);
  o.workDir = (dir / "b").string();
  mutate::Suite b = mutate::generateSuite(*corpus, o);
  for (const std::string &e : a.programErrors)
    CHECK(e.empty());
  CHECK(a.parts.size() == 8);
  auto sa = snapshot(dir / "a"), sb = snapshot(dir / "b");
  CHECK(sa.size() > 8);
  CHECK(sa == sb);

  // Regenerating over an existing suite gives the same bytes again.
  o.workDir = (dir / "a").string();
  mutate::generateSuite(*corpus, o);
  CHECK(snapshot(dir / "a") == sb);

  // Another seed: other versions (same file names, other contents).
  o.seed = 2025;
  o.workDir = (dir / "c").string();
  mutate::generateSuite(*corpus, o);
  CHECK(snapshot(dir / "c") != sa);

  // A part's seed depends on its program and class only, so dropping a program keeps the others' bytes.
  o.seed = 2024;
  o.workDir = (dir / "d").string();
  std::vector<mutate::CorpusProgram> one{(*corpus)[1]};
  mutate::generateSuite(one, o);
  for (const auto &[path, bytes] : snapshot(dir / "d"))
    CHECK(sa.at(path) == bytes);
}
