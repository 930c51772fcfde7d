// MaxSAT (linear, core-guided, native) against brute force on random weighted partial instances, on Z3 and
// cvc5.
#include "backends/maxsat.h"
#include "helpers.h"

#include <doctest/doctest.h>

using namespace locus::backends;
using namespace locus::backends::testing;

namespace {

void runRandom(const std::string &spec, MaxSatAlgorithm alg, int instances, bool weighted,
               uint64_t maxWeight = 5) {
  for (int seed = 1; seed <= instances; ++seed) {
    CAPTURE(spec);
    CAPTURE(algorithmName(alg));
    CAPTURE(seed);
    Instance in = randomInstance(static_cast<uint32_t>(seed), 6 + seed % 5, 4 + seed % 6, 8 + seed % 5,
                                 weighted ? maxWeight : 1);
    TermManager tm;
    MakeSolverResult made = makeSolver(spec, tm);
    REQUIRE(made);
    Solver &s = *made.solver;
    std::vector<SoftFormula> softs = load(s, in);
    unsigned levelBefore = s.level();
    MaxSatResult r = solveMaxSat(s, softs, alg);
    CHECK(s.level() == levelBefore);
    int64_t expected = bruteForceMaxSat(in);
    if (expected < 0) {
      CHECK(r.result.isUnsat());
      continue;
    }
    REQUIRE(r.result.isSat());
    CHECK(static_cast<int64_t>(r.cost) == expected);
    // The falsified set is what an optimal assignment leaves false: removing it leaves a satisfiable set.
    uint32_t removed = 0;
    uint64_t sum = 0;
    for (size_t i : r.falsified) {
      removed |= 1u << i;
      sum += in.weights[i];
    }
    CHECK(sum == r.cost);
    CHECK(satisfiableWithout(in, removed));
  }
}

} // namespace

TEST_CASE("MaxSAT linear search matches brute force") {
  for (const std::string &spec : apiSolvers()) {
    runRandom(spec, MaxSatAlgorithm::Linear, 25, true);
    runRandom(spec, MaxSatAlgorithm::Linear, 10, false);
  }
}

TEST_CASE("MaxSAT core-guided matches brute force") {
  for (const std::string &spec : apiSolvers()) {
    runRandom(spec, MaxSatAlgorithm::CoreGuided, 25, true);
    runRandom(spec, MaxSatAlgorithm::CoreGuided, 10, false);
    // weights as far apart as clause weighting's (100 … 10^8): the stratified levels
    runRandom(spec, MaxSatAlgorithm::CoreGuided, 25, true, 100'000'000);
  }
}

TEST_CASE("MaxSAT over the SMT-LIB pipe") {
  runRandom("smtlib:z3 -in", MaxSatAlgorithm::CoreGuided, 5, true);
  runRandom("smtlib:cvc5 --lang smt2 --incremental", MaxSatAlgorithm::Linear, 5, true);
}

#ifdef LOCUS_WITH_Z3
TEST_CASE("MaxSAT with Z3's optimizer matches brute force") {
  runRandom("z3", MaxSatAlgorithm::Native, 25, true);
}
#endif

TEST_CASE("native MaxSAT on a backend without an optimizer answers unknown") {
  TermManager tm;
  MakeSolverResult made = makeSolver("dump", tm);
  REQUIRE(made);
  MaxSatResult r = solveMaxSat(*made.solver, {{tm.mkVar("a", tm.boolSort()), 1}}, MaxSatAlgorithm::Native);
  CHECK(r.result.isUnknown());
  MaxSatAlgorithm a;
  CHECK(parseMaxSatAlgorithm("linear", a));
  CHECK(a == MaxSatAlgorithm::Linear);
  CHECK_FALSE(parseMaxSatAlgorithm("magic", a));
}
