// The fault injector's suites stay the same for a seed: a digest of every version (its printed text and its
// ground truth) for GCL and C programs in every class, against golden values computed from the files of
// `locus mutate FILE --class C --count 25 --seed 11` run by the injector before its operators moved to
// repair/mutation (the suites of `locus bench faults --generate-only` over the corpus were compared byte for
// byte then too). A change of the suites must be deliberate: update golden_suites.txt with the lines this
// test prints.
#include "bench/mutate/mutate.h"
#include "frontend/source.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace locus;

namespace {

uint64_t fnv1a(const std::string &s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string digest(const mutate::Result &r) {
  uint64_t h = fnv1a(std::to_string(r.mutationCandidates) + "/" + std::to_string(r.deletionCandidates));
  for (const mutate::Mutant &m : r.mutants) {
    h = fnv1a(m.text, h);
    for (const mutate::Fault &f : m.faults) {
      std::string g = std::string(mutate::kindName(f.kind)) + "|" + f.proc + "|" + f.file + "|" +
                      std::to_string(f.line) + ":" + std::to_string(f.col) + "|" + f.from + "|" + f.to + "|" +
                      f.before + "|" + f.after;
      for (ir::StmtId id : f.stmts)
        g += "," + std::to_string(id);
      h = fnv1a(g, h);
    }
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return std::to_string(r.mutants.size()) + " " + buf;
}

} // namespace

TEST_CASE("the same seed gives the same suites as before (golden digests)") {
  std::map<std::string, std::string> golden;
  std::ifstream in(std::string(LOCUS_SOURCE_DIR) + "/tests/unit/mutate/golden_suites.txt");
  REQUIRE(in);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') {
      size_t sp = line.find(' '), sp2 = line.find(' ', sp + 1);
      golden[line.substr(0, sp2)] = line.substr(sp2 + 1);
    }
  std::string printed;
  size_t compared = 0;
  for (const char *file : {"examples/reverse_buggy.gcl", "bench/corpus/heap/L16_quicksort_list.c",
                           "bench/corpus/papers/HG_arraycopy.c", "bench/corpus/papers/HG_quicksort.gcl"}) {
    SourceManager sm;
    Diagnostics diags(sm);
    std::filesystem::current_path(
        LOCUS_SOURCE_DIR); // file names as `locus mutate FILE` run from the root sees them
    std::string path = file;
    std::optional<ir::Program> prog = frontend::compileSource(path, sm, diags);
    REQUIRE(prog);
    for (mutate::FaultClass c : mutate::allClasses()) {
      mutate::Options o;
      o.cls = c;
      o.count = 25;
      o.seed = 11;
      o.procs = mutate::defaultProcsUnderTest(*prog, path, "main");
      std::string key = std::string(file) + " " + mutate::className(c);
      std::string got = digest(mutate::generate(*prog, o));
      printed += key + " " + got + "\n";
      CAPTURE(key);
      REQUIRE(golden.count(key));
      CHECK(golden.at(key) == got);
      ++compared;
    }
  }
  MESSAGE("digests (the lines of golden_suites.txt):\n" << printed);
  CHECK(compared == 24);
}
