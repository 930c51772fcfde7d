// MCS enumeration against brute force on random instances, on Z3 and cvc5.
#include "backends/cardinality.h"
#include "backends/mcs.h"
#include "helpers.h"

#include <doctest/doctest.h>
#include <set>

using namespace locus::backends;
using namespace locus::backends::testing;

namespace {

/// All MCSes by brute force, as bit sets over the soft clauses.
std::set<uint32_t> bruteForceMcses(const Instance &in, size_t maxSize) {
  std::set<uint32_t> out;
  size_t n = in.soft.size();
  for (uint32_t m = 0; m < (1u << n); ++m) {
    if (static_cast<size_t>(__builtin_popcount(m)) > maxSize || !satisfiableWithout(in, m))
      continue;
    bool minimal = true;
    for (size_t i = 0; i < n && minimal; ++i)
      if ((m >> i) & 1)
        minimal = !satisfiableWithout(in, m & ~(1u << i));
    if (minimal)
      out.insert(m);
  }
  return out;
}

void runRandom(const std::string &spec, MaxSatAlgorithm alg, int instances, size_t maxSize) {
  for (int seed = 100; seed < 100 + instances; ++seed) {
    CAPTURE(spec);
    CAPTURE(seed);
    CAPTURE(maxSize);
    Instance in = randomInstance(static_cast<uint32_t>(seed), 6, 3, 7, 4);
    TermManager tm;
    MakeSolverResult made = makeSolver(spec, tm);
    REQUIRE(made);
    std::vector<SoftFormula> softs = load(*made.solver, in);
    McsOptions opts;
    opts.maxSize = maxSize;
    opts.algorithm = alg;
    McsResult r = enumerateMcs(*made.solver, softs, opts);
    std::set<uint32_t> expected = bruteForceMcses(in, maxSize);
    CHECK(r.complete);
    std::set<uint32_t> got;
    uint64_t lastCost = 0;
    for (const Mcs &m : r.sets) {
      uint32_t bits = 0;
      uint64_t cost = 0;
      for (size_t i : m.indices) {
        bits |= 1u << i;
        cost += in.weights[i];
      }
      CHECK(cost == m.cost);
      CHECK(m.cost >= lastCost);
      lastCost = m.cost;
      CHECK(got.insert(bits).second);
    }
    CHECK(got == expected);
  }
}

} // namespace

TEST_CASE("MCS enumeration matches brute force") {
  for (const std::string &spec : apiSolvers()) {
    runRandom(spec, MaxSatAlgorithm::CoreGuided, 12, 100);
    runRandom(spec, MaxSatAlgorithm::Linear, 6, 100);
  }
}

TEST_CASE("MCS enumeration with a size bound matches brute force") {
  for (const std::string &spec : apiSolvers())
    runRandom(spec, MaxSatAlgorithm::CoreGuided, 10, 2);
}

TEST_CASE("MCS enumeration stops at the limit") {
  for (const std::string &spec : apiSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    MakeSolverResult made = makeSolver(spec, tm);
    REQUIRE(made);
    Term a = tm.mkVar("a", tm.boolSort());
    Term b = tm.mkVar("b", tm.boolSort());
    Term c = tm.mkVar("c", tm.boolSort());
    made.solver->assertFormula(atMost(tm, {a, b, c}, 1));
    McsOptions opts;
    opts.limit = 2;
    McsResult r = enumerateMcs(*made.solver, {{a, 1}, {b, 2}, {c, 3}}, opts);
    CHECK(r.sets.size() == 2);
    CHECK_FALSE(r.complete);
    // Cheapest first: keep c (drop a, b: cost 3), then keep b (drop a, c: cost 4).
    CHECK(r.sets[0].cost == 3);
    CHECK(r.sets[1].cost == 4);
  }
}

TEST_CASE("MCS enumeration at the limit completes the last cost class") {
  for (const std::string &spec : apiSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    MakeSolverResult made = makeSolver(spec, tm);
    REQUIRE(made);
    Term a = tm.mkVar("a", tm.boolSort());
    Term b = tm.mkVar("b", tm.boolSort());
    Term c = tm.mkVar("c", tm.boolSort());
    made.solver->assertFormula(atMost(tm, {a, b, c}, 1));
    McsOptions opts;
    opts.limit = 1;
    // {b, c}, {a, c}, {a, b}: one cost class (2), found in an arbitrary order. Past a limit of 1, sets of
    // cost 2 with a soft formula not yet in a set: the second, which has the one left out of the first; then
    // every soft formula is in a set, and the enumeration stops.
    McsResult r = enumerateMcs(*made.solver, {{a, 1}, {b, 1}, {c, 1}}, opts);
    REQUIRE(r.sets.size() == 2);
    std::set<size_t> members;
    for (const Mcs &m : r.sets) {
      CHECK(m.cost == 2);
      members.insert(m.indices.begin(), m.indices.end());
    }
    CHECK(members.size() == 3);
    CHECK_FALSE(r.complete);
  }
}
