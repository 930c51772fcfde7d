// FOSFL (`--method must`): the worked examples, the demands' rules, and the library call on a model of a
// free-input encoding (as fl-AllRepair uses it). The must property on random programs: test_must_random.cpp.
#include "helpers.h"
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

const char *kAbsValue = R"(proc absValue(x: int) returns (abs: int)
{
  abs := x;
  if (x < -1) {
    abs := -x;
  }
  assert abs >= 0;
}
)";

} // namespace

TEST_CASE("must: absValue(-1) gives {1, 2} (the condition BugAssist-style trace methods miss)") {
  ir::Program prog = encoder::testing::compile(kAbsValue);
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Inputs;
  spec.entry = "absValue";
  spec.args = {ir::Value::ofInt(-1)};
  repair::FailureSearch found = repair::findFailure(prog, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  for (const std::string &solver : backends::apiSolvers()) {
    std::vector<repair::TestRun> tests;
    localize::Options opts;
    opts.solver = solver;
    opts.given.set(localize::kParts, "value"); // the paper's must set: values (the default adds targets)
    localize::Problem p{prog, *found.failure, tests, opts};
    localize::Result r = localize::findMethod("must")->run(p);
    REQUIRE(r.status == localize::Status::Localized);
    REQUIRE(r.sets.size() == 1);
    CHECK(stmtsOf(r.sets[0]) == std::vector<ir::StmtId>{1, 2});
    REQUIRE(r.ranking.size() == 2);
    CHECK(r.ranking[0].rank == 1);
    CHECK(r.ranking[1].rank == 1); // a set: its lines tie
  }
}

TEST_CASE("must: the library call on a model of a free-input encoding (fl-AllRepair's use)") {
  ir::Program prog = encoder::testing::compile(kAbsValue);
  for (const std::string &solver : backends::apiSolvers()) {
    backends::TermManager tm;
    backends::MakeSolverResult made = backends::makeSolver(solver, tm);
    REQUIRE(made);
    encoder::EncodeOptions eo;
    eo.relaxValues = true;
    encoder::Encoding enc = encoder::encode(prog, prog.procIndex("absValue"), tm, eo);
    enc.assertTo(*made.solver);
    REQUIRE(made.solver->check({enc.realFailure}).isSat()); // x = -1 is the only failing input
    localize::MustSet m = localize::mustSet(enc, tm, [&](backends::Term t) { return made.solver->value(t); });
    REQUIRE(m.error.empty());
    CHECK(m.check >= 0);
    CHECK(stmtsOf(m.blames) == std::vector<ir::StmtId>{1, 2});
    CHECK(m.importantVars > 0);
    CHECK(m.sliceVars >= m.importantVars);
  }
  // A model in which no check fails is not a failure to explain.
  backends::TermManager tm;
  backends::MakeSolverResult made = backends::makeSolver("z3", tm);
  encoder::EncodeOptions eo;
  eo.relaxValues = true;
  encoder::Encoding enc = encoder::encode(prog, prog.procIndex("absValue"), tm, eo);
  enc.assertTo(*made.solver);
  REQUIRE(made.solver->check({tm.mkNot(enc.realFailure)}).isSat());
  localize::MustSet none =
      localize::mustSet(enc, tm, [&](backends::Term t) { return made.solver->value(t); });
  CHECK(none.blames.empty());
  CHECK_FALSE(none.error.empty());
}

TEST_CASE("must: the assumptions are demands; a passing check is not followed") {
  // The run fails at the last assert. `assume y > 0` (executed) is a demand: y's definition is in the set.
  // The first assert holds: its condition's variable (k := 5) is not.
  ir::Program prog = encoder::testing::compile(R"(proc main(x: int) returns (r: int)
{
  var y: int; var k: int;
  y := x + 1;
  assume y > 0;
  k := 5;
  assert k > 0;
  r := x;
  assert r < 0;
}
)");
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Inputs;
  spec.args = {ir::Value::ofInt(3)};
  repair::FailureSearch found = repair::findFailure(prog, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  std::vector<repair::TestRun> tests;
  localize::Options opts;
  localize::Problem p{prog, *found.failure, tests, opts};
  localize::MustSet m = localize::mustSetOf(p);
  REQUIRE(m.error.empty());
  // #1 y := x + 1 (the assumption), #5 r := x (the failing assert); not #3 k := 5
  CHECK(stmtsOf(m.blames) == std::vector<ir::StmtId>{1, 5});
}
