// FOSFL (`--method must`) against its definition on random failing runs: a must location set contains at
// least one location of every minimal repair: relaxing every statement outside it at once does not repair.
#include "helpers.h"
#include "repair/localize/encoding.h"
#include "repair/localize/must.h"

#include <doctest/doctest.h>

using namespace locus;
using namespace locus::localize::testing;

namespace {

std::vector<ir::StmtId> stmtsOf(const std::vector<localize::Blame> &bs) {
  std::vector<ir::StmtId> out;
  for (const localize::Blame &b : bs)
    out.push_back(b.stmt);
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

/// The must set from a solver's model of the same encoding (the independent way to get μ).
std::optional<std::vector<ir::StmtId>> mustFromSolver(const localize::Problem &p, const std::string &solver) {
  backends::TermManager tm;
  backends::MakeSolverResult made = backends::makeSolver(solver, tm);
  REQUIRE(made);
  encoder::Encoding enc = encoder::encode(p.prog, p.failure.entry, tm, localize::failureEncodeOptions(p));
  enc.assertTo(*made.solver);
  made.solver->setTimeout(5000);
  if (!made.solver->check({enc.realFailure}).isSat())
    return std::nullopt;
  localize::MustSet m = localize::mustSet(enc, tm, [&](backends::Term t) { return made.solver->value(t); });
  REQUIRE(m.error.empty());
  return stmtsOf(m.blames);
}

TEST_CASE("must: relaxing every statement outside the must set never repairs the run") {
  // Relaxing a set of statement values repairs the run iff some minimal correction set lies inside it, so
  // "relaxing everything outside the set at once does not repair" is the must property for every minimal
  // repair (a repair of the run changes statement values; repairability is monotone). Statements inside
  // the set that alone repair show the set is not vacuous. The oracle runs on z3 (cvc5 does not always
  // keep its time limit on these nonlinear relaxations); μ comes from evaluating the steps, and again from
  // each API solver's model: the sets must agree.
  uint64_t first = envOr("LOCUS_MUST_SEED", 1), count = envOr("LOCUS_MUST_COUNT", 60);
  int runs = 0, withOutside = 0, singles = 0, undecided = 0, compared = 0;
  for (uint64_t n = 0; n < 2 * count; ++n) {
    // every seed twice: the generator's programs without arrays, then with int and Node arrays
    uint64_t seed = first + n % count;
    bool arrays = n >= count;
    std::optional<RandomFailure> rf = randomFailure(seed, arrays);
    if (!rf)
      continue;
    INFO("seed " << seed << (arrays ? " with arrays" : "") << " (LOCUS_MUST_SEED=" << seed
                 << " LOCUS_MUST_COUNT=1)\n"
                 << rf->text);
    ++runs;
    std::vector<repair::TestRun> tests;
    localize::Options opts;
    opts.solver = "z3";
    opts.timeoutMs = 5000;
    localize::Problem p{rf->prog, rf->failure, tests, opts};
    localize::MustSet m = localize::mustSetOf(p);
    if (m.unknown) {
      ++undecided;
      continue;
    }
    REQUIRE_MESSAGE(m.error.empty(), m.error);
    std::vector<ir::StmtId> must = stmtsOf(m.blames);
    for (const std::string &solver : backends::apiSolvers())
      if (std::optional<std::vector<ir::StmtId>> viaSolver = mustFromSolver(p, solver)) {
        ++compared;
        CHECK_MESSAGE(*viaSolver == must, "the must set from " << solver << "'s model differs");
      }
    auto inMust = [&](ir::StmtId s) { return std::binary_search(must.begin(), must.end(), s); };
    std::vector<localize::Blame> outside;
    for (ir::StmtId s : relaxableStatements(rf->prog, rf->failure))
      if (!inMust(s))
        outside.push_back(localize::Blame{s});
    withOutside += !outside.empty();
    backends::Status all = repairable(rf->prog, rf->failure, "z3", outside);
    undecided += all == backends::Status::Unknown;
    CHECK_MESSAGE(all != backends::Status::Sat,
                  "relaxing the " << outside.size() << " statements outside the must set repairs the run");
    for (ir::StmtId s : must) {
      backends::Status st = repairable(rf->prog, rf->failure, "z3", {localize::Blame{s}}, 2000);
      undecided += st == backends::Status::Unknown;
      singles += st == backends::Status::Sat;
    }
  }
  MESSAGE(runs << " failing runs (" << withOutside << " with statements outside the set), " << singles
               << " single-statement repairs inside, " << compared << " sets compared with a solver's model, "
               << undecided << " undecided");
  CHECK(runs > static_cast<int>(2 * count) / 5);
  CHECK(withOutside > runs / 2);
  CHECK(singles > 0);
  CHECK(compared >= runs);
  CHECK(undecided <= runs / 5 + 2);
}
