// Cardinality constraints checked by brute force over all assignments, on Z3 and cvc5.
#include "backends/cardinality.h"
#include "helpers.h"

#include <doctest/doctest.h>

using namespace locus::backends;
using namespace locus::backends::testing;

namespace {

void runAll(const std::string &spec, CardEncoding enc, unsigned n) {
  CAPTURE(spec);
  CAPTURE(n);
  TermManager tm;
  MakeSolverResult made = makeSolver(spec, tm);
  REQUIRE(made);
  Solver &s = *made.solver;
  std::vector<Term> lits;
  for (unsigned i = 0; i < n; ++i) {
    Term v = tm.mkVar("v" + std::to_string(i), tm.boolSort());
    lits.push_back(i % 3 == 2 ? tm.mkNot(v) : v); // some negative literals
  }
  for (unsigned k = 0; k <= n + 1; ++k) {
    CAPTURE(k);
    Term most = atMost(tm, lits, k, enc);
    Term least = atLeast(tm, lits, k, enc);
    Term exact = exactly(tm, lits, k, enc);
    for (uint32_t a = 0; a < (1u << n); ++a) {
      std::vector<Term> fix;
      unsigned count = 0;
      for (unsigned i = 0; i < n; ++i) {
        bool val = (a >> i) & 1;
        fix.push_back(val ? lits[i] : tm.mkNot(lits[i]));
        count += val;
      }
      // The constraint's value under the assignment, from the model.
      REQUIRE(s.check(fix).isSat());
      CHECK(s.value(most).boolean == (count <= k));
      CHECK(s.value(least).boolean == (count >= k));
      CHECK(s.value(exact).boolean == (count == k));
    }
  }
  // Used as constraints: at most 2 and at least 2 of n leaves only count 2; and negation is exact.
  if (n < 2)
    return;
  s.push();
  s.assertFormula(atMost(tm, lits, 2, enc));
  s.assertFormula(tm.mkNot(atMost(tm, lits, 1, enc)));
  REQUIRE(s.check().isSat());
  unsigned count = 0;
  for (Term l : lits)
    count += s.value(l).boolean;
  CHECK(count == 2);
  s.pop();
}

} // namespace

TEST_CASE("totalizer cardinality matches counting") {
  for (const std::string &spec : apiSolvers())
    for (unsigned n : {1u, 3u, 6u})
      runAll(spec, CardEncoding::Totalizer, n);
}

TEST_CASE("arithmetic cardinality matches counting") {
  for (const std::string &spec : apiSolvers())
    for (unsigned n : {2u, 5u})
      runAll(spec, CardEncoding::Arithmetic, n);
}
