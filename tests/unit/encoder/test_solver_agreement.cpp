// Differential test (issue 3, item 6b): `verify` on random programs with free inputs gives the same verdict
// on every backend: the Z3 and cvc5 APIs and the SMT-LIB pipe to the z3 and cvc5 binaries (when on PATH).
// Unknown (a timeout on nonlinear arithmetic) is counted, not compared; a program counts as compared when at
// least two solvers decided it, and most programs must be. LOCUS_AGREE_SEED=N
// LOCUS_AGREE_COUNT=M replay / widen a run; a disagreement prints its seed and program.
#include "helpers.h"
#include "random_program.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <unistd.h>

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

bool onPath(const std::string &program) {
  const char *path = std::getenv("PATH");
  std::istringstream in(path ? path : "");
  std::string dir;
  while (std::getline(in, dir, ':'))
    if (!dir.empty() && access((std::filesystem::path(dir) / program).c_str(), X_OK) == 0)
      return true;
  return false;
}

std::vector<std::string> allSolvers() {
  std::vector<std::string> specs = apiSolvers();
  if (onPath("z3"))
    specs.push_back("smtlib:z3 -in");
  if (onPath("cvc5"))
    specs.push_back("smtlib:cvc5 --lang smt2 --incremental");
  return specs;
}

uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

struct Tally {
  std::map<std::string, std::map<std::string, int>> verdicts; ///< solver → verdict → count
  int compared = 0;                                           ///< programs at least two solvers decided
};

void runOne(uint64_t seed, ir::IntMode ints, const std::vector<std::string> &specs, Tally &tally) {
  Gen gen(seed);
  std::string text = gen.program();
  ir::Program prog = compile(text);
  uint32_t entry = prog.procIndex("main");
  std::map<std::string, std::string> decided; // verdict → the first solver that gave it
  int deciders = 0;                           // solvers that gave a verdict
  std::string summary;
  for (const std::string &spec : specs) {
    VerifyOptions vo;
    vo.encode.unwind = 4;
    vo.encode.ints = ints;
    vo.solver = spec;
    vo.timeoutMs = 3000;
    VerifyResult r = verify(prog, entry, vo);
    std::string v = verdictName(r.verdict);
    ++tally.verdicts[spec][v];
    summary += "  " + spec + ": " + v + (r.reason.empty() ? "" : " (" + r.reason + ")") + "\n";
    INFO("seed " << seed << " (LOCUS_AGREE_SEED=" << seed << " LOCUS_AGREE_COUNT=1 to replay), "
                 << (ints == ir::IntMode::BV32 ? "bv32" : "math") << "\n"
                 << summary << text);
    CHECK(r.verdict != Verdict::Mismatch); // every counterexample replays in the interpreter
    CHECK(r.verdict != Verdict::Error);
    if (r.verdict == Verdict::Safe || r.verdict == Verdict::Failed || r.verdict == Verdict::BoundFailed) {
      decided.emplace(v, spec);
      ++deciders;
    }
    CHECK(decided.size() <= 1); // no two solvers disagree
  }
  // A verdict only one solver gave was compared with nothing.
  tally.compared += deciders >= 2;
}

void runMany(ir::IntMode ints, uint64_t base, uint64_t dfltCount) {
  std::vector<std::string> specs = allSolvers();
  REQUIRE(specs.size() >= 2);
  uint64_t first = envOr("LOCUS_AGREE_SEED", base), count = envOr("LOCUS_AGREE_COUNT", dfltCount);
  Tally t;
  for (uint64_t seed = first; seed < first + count; ++seed)
    runOne(seed, ints, specs, t);
  std::ostringstream os;
  for (const auto &[spec, counts] : t.verdicts) {
    os << "\n  " << spec << ":";
    for (const auto &[v, n] : counts)
      os << " " << n << " " << v;
  }
  MESSAGE((ints == ir::IntMode::BV32 ? "bv32" : "math")
          << ": " << count << " programs, " << t.compared << " with agreeing decided verdicts" << os.str());
  // The comparison must have teeth: most programs (three in four) are decided by at least two solvers.
  CHECK(t.compared > static_cast<int>(count) * 3 / 4);
}

} // namespace

TEST_CASE("verdicts agree across solvers, mathematical integers") {
  runMany(ir::IntMode::Math, 20000, 100);
}

TEST_CASE("verdicts agree across solvers, bv32") {
  runMany(ir::IntMode::BV32, 30000, 50);
}
