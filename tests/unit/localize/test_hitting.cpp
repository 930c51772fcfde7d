// mbd's minimal hitting sets checked by brute force on random conflict sets: minimalHittingSets(K, k) is
// exactly the set of minimal hitting sets of K with k elements, and mbd's diagnoses on the worked example.
#include "helpers.h"
#include "repair/localize/hitting.h"

#include <doctest/doctest.h>

#include <random>
#include <set>

using namespace locus;
using localize::ElementSet;

TEST_CASE(
    "hitting sets: exactly the minimal hitting sets of each size (brute force, 2000 random collections)") {
  std::mt19937_64 rng(7);
  size_t nonEmpty = 0;
  for (int round = 0; round < 2000; ++round) {
    uint32_t n = 1 + static_cast<uint32_t>(rng() % 8); // elements 0..n-1
    size_t m = rng() % 6;                              // conflicts
    std::vector<ElementSet> sets;
    for (size_t i = 0; i < m; ++i) {
      ElementSet s;
      for (uint32_t e = 0; e < n; ++e)
        if (rng() % 3 == 0)
          s.push_back(e);
      if (s.empty() && rng() % 8 != 0)
        s.push_back(static_cast<uint32_t>(rng() % n));
      sets.push_back(s);
    }
    // brute force: every subset of 0..n-1, minimal hitting sets by definition
    std::vector<std::set<ElementSet>> bySize(n + 1);
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      ElementSet h;
      for (uint32_t e = 0; e < n; ++e)
        if (mask & (1u << e))
          h.push_back(e);
      auto hits = [&](const ElementSet &x) {
        for (const ElementSet &s : sets) {
          bool met = false;
          for (uint32_t e : s)
            met = met || std::find(x.begin(), x.end(), e) != x.end();
          if (!met)
            return false;
        }
        return true;
      };
      if (!hits(h))
        continue;
      bool minimal = true;
      for (size_t drop = 0; drop < h.size() && minimal; ++drop) {
        ElementSet smaller = h;
        smaller.erase(smaller.begin() + static_cast<long>(drop));
        minimal = !hits(smaller);
      }
      if (minimal)
        bySize[h.size()].insert(h);
    }
    for (uint32_t k = 0; k <= n; ++k) {
      std::vector<ElementSet> got = localize::minimalHittingSets(sets, k);
      std::set<ElementSet> gotSet(got.begin(), got.end());
      INFO("round " << round << ", size " << k);
      CHECK(got.size() == gotSet.size()); // no duplicates
      CHECK(gotSet == bySize[k]);
      for (const ElementSet &h : got) {
        CHECK(localize::hitsAll(sets, h));
        CHECK(localize::isMinimalHittingSet(sets, h));
      }
      nonEmpty += !got.empty() && k > 0;
    }
  }
  CHECK(nonEmpty > 1000);
}

TEST_CASE("hitting sets: edge cases") {
  CHECK(localize::minimalHittingSets({}, 0) == std::vector<ElementSet>{ElementSet{}});
  CHECK(localize::minimalHittingSets({}, 1).empty());
  CHECK(localize::minimalHittingSets({ElementSet{}}, 0).empty()); // an empty conflict cannot be hit
  CHECK(localize::minimalHittingSets({ElementSet{}}, 2).empty());
  CHECK(localize::minimalHittingSets({{1, 2}, {2, 3}}, 1) == std::vector<ElementSet>{{2}});
  CHECK(localize::minimalHittingSets({{1, 2}, {2, 3}}, 2) == std::vector<ElementSet>{{1, 3}});
}

TEST_CASE("mbd: max gives {c2}; with the condition as a component {c2} and {c1, c3}; each one repairs") {
  ir::Program prog = encoder::testing::compile(R"(proc max(x: int, y: int) returns (r: int)
{
  r := x;
  if (y > x) {
    r := x;
  }
  assert r >= x and r >= y;
}
)");
  // #1 r := x (c1)  #2 b0 := y > x (c3)  #3 [b0] r := x (c2)  #4 assert
  repair::FailureSpec spec;
  spec.entry = "max";
  repair::FailureSearch found = repair::findFailure(prog, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  std::vector<repair::Failure> j = repair::moreFailures(prog, spec, *found.failure, 3);
  REQUIRE(j.size() == 3);
  std::vector<const repair::Failure *> others{&j[1], &j[2]};
  for (const std::string &solver : backends::apiSolvers()) {
    std::vector<repair::TestRun> tests;
    localize::Options opts;
    opts.solver = solver;
    opts.given.set(localize::kComponents, "assignments");
    localize::Problem p{prog, j[0], tests, opts, others};
    localize::Result r = localize::findMethod("mbd")->run(p);
    REQUIRE(r.status == localize::Status::Localized);
    REQUIRE(r.sets.size() == 1);
    CHECK(r.sets[0] == std::vector<localize::Blame>{localize::Blame{3}});
    CHECK(r.stats["inputs"] == 3);
    opts.given.set(localize::kComponents, "assignments,conditions");
    localize::Problem q{prog, j[0], tests, opts, others};
    r = localize::findMethod("mbd")->run(q);
    REQUIRE(r.sets.size() == 2);
    CHECK(r.sets[0] == std::vector<localize::Blame>{localize::Blame{3}});
    CHECK(r.sets[1] == std::vector<localize::Blame>{localize::Blame{1}, localize::Blame{2}});
    CHECK(r.stats["rechecked"] == 2);
    // the independent oracle: each diagnosis repairs all of J; no proper subset does
    std::vector<const repair::Failure *> all{&j[0], &j[1], &j[2]};
    for (const std::vector<localize::Blame> &d : r.sets) {
      CHECK(localize::testing::repairable(prog, all, solver, d) == backends::Status::Sat);
      for (size_t drop = 0; drop < d.size(); ++drop) {
        std::vector<localize::Blame> smaller = d;
        smaller.erase(smaller.begin() + static_cast<long>(drop));
        CHECK(localize::testing::repairable(prog, all, solver, smaller) == backends::Status::Unsat);
      }
    }
  }
}
