// Unsat-core minimization (deletion, QuickXplain) on random instances: the result is unsat and minimal.
#include "backends/core.h"
#include "helpers.h"

#include <doctest/doctest.h>

using namespace locus::backends;
using namespace locus::backends::testing;

namespace {

void runRandom(const std::string &spec, CoreMinimizer method, int instances) {
  int unsatSeen = 0;
  for (int seed = 200; seed < 200 + instances; ++seed) {
    CAPTURE(spec);
    CAPTURE(seed);
    // No hard clauses; many soft clauses so that their conjunction is usually unsat.
    Instance in = randomInstance(static_cast<uint32_t>(seed), 6, 0, 14 + seed % 4, 1);
    TermManager tm;
    MakeSolverResult made = makeSolver(spec, tm);
    REQUIRE(made);
    Solver &s = *made.solver;
    std::vector<SoftFormula> softs = load(s, in);
    std::vector<Term> all;
    for (const SoftFormula &sf : softs)
      all.push_back(sf.formula);
    CoreResult r = minimizeCore(s, all, method);
    bool sat = satisfiableWithout(in, 0);
    if (sat) {
      CHECK(r.result.isSat());
      continue;
    }
    ++unsatSeen;
    REQUIRE(r.result.isUnsat());
    REQUIRE(!r.core.empty());
    // The core is unsat, and dropping any one element makes it sat (checked by brute force).
    uint32_t inCore = 0;
    for (Term t : r.core)
      for (size_t i = 0; i < all.size(); ++i)
        if (all[i] == t) { // equal clauses are one term: count the first
          inCore |= 1u << i;
          break;
        }
    uint32_t everything = (1u << all.size()) - 1;
    CHECK_FALSE(satisfiableWithout(in, everything & ~inCore));
    for (size_t i = 0; i < all.size(); ++i)
      if ((inCore >> i) & 1)
        CHECK(satisfiableWithout(in, (everything & ~inCore) | (1u << i)));
  }
  CHECK(unsatSeen > instances / 3);
}

} // namespace

TEST_CASE("deletion-based core minimization gives minimal cores") {
  for (const std::string &spec : apiSolvers())
    runRandom(spec, CoreMinimizer::Deletion, 20);
}

TEST_CASE("QuickXplain gives minimal cores") {
  for (const std::string &spec : apiSolvers())
    runRandom(spec, CoreMinimizer::QuickXplain, 20);
}

TEST_CASE("core minimization over the SMT-LIB pipe") {
  runRandom("smtlib:z3 -in", CoreMinimizer::QuickXplain, 6);
  runRandom("smtlib:cvc5 --lang smt2 --incremental", CoreMinimizer::Deletion, 6);
}
