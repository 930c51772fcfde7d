// The interpreter's branch-forcing hook (InterpOptions::forcedBranches, for on-demand formulas): the same
// inputs, the other side of a conditional at one statement instance. The run is the same up to that
// instance, the conditional stores the negation of its own value there, and the branch it guards flips.
#include "helpers.h"
#include "ir/analysis.h"
#include "random_program.h"

#include <random>

using namespace locus;
using namespace locus::encoder::testing;

namespace {

std::vector<ir::StmtId> stmtsRun(const ir::Outcome &o) {
  std::vector<ir::StmtId> out;
  for (const ir::TraceStep &t : o.trace)
    out.push_back(t.stmt);
  return out;
}

const char *kTwoBranch = R"(proc f(x: int, y: int) returns (b: int)
{
  var a: int;
  if (x >= 0) {
    a := x;
  } else {
    a := -x;
  }
  if (y < 5) {
    b := a + 1;
  } else {
    b := a + 2;
  }
  assert b <= a;
}
)";

} // namespace

TEST_CASE("forcing: Jin & Orso's Fig. 2 takes the else branch of `y < 5` on the same input") {
  ir::Program prog = compile(kTwoBranch);
  // #1 b0 := x >= 0  #2 [b0] a := x  #3 b1 := not b0  #4 [b1] a := -x  #5 b2 := y < 5  #6 [b2] b := a + 1
  // #7 b3 := not b2  #8 [b3] b := a + 2  #9 assert
  std::unordered_set<ir::StmtId> conds = ir::conditionals(prog);
  CHECK(conds == std::unordered_set<ir::StmtId>{1, 3, 5, 7});
  uint32_t f = prog.procIndex("f");
  std::vector<ir::Value> args{ir::Value::ofInt(0), ir::Value::ofInt(0)};
  ir::Outcome plain = ir::Interpreter(prog).run(f, args);
  CHECK(stmtsRun(plain) == std::vector<ir::StmtId>{1, 2, 3, 5, 6, 7, 9});
  CHECK(plain.forcedTaken == 0);
  ir::InterpOptions io;
  io.forcedBranches = {ir::ForcedBranch{5, {}}};
  ir::Outcome flipped = ir::Interpreter(prog, io).run(f, args);
  CHECK(stmtsRun(flipped) == std::vector<ir::StmtId>{1, 2, 3, 5, 7, 8, 9});
  CHECK(flipped.forcedTaken == 1);
  CHECK(flipped.kind == ir::OutcomeKind::Failure);
  REQUIRE(flipped.trace[3].write);
  CHECK((flipped.trace[3].write->value == ir::Value::ofBool(false))); // #5 stores not (0 < 5)
  CHECK((flipped.state.entryVars[2] == ir::Value::ofInt(2)));         // b = a + 2
  // Stepping runs the same forced run.
  ir::Execution ex = ir::Interpreter(prog, io).start(f, args);
  ex.runToEnd();
  CHECK(stmtsRun(ex.outcome()) == stmtsRun(flipped));
  // An instance that never runs changes nothing; forcing a statement that is no condition is an error when
  // it is reached.
  io.forcedBranches = {ir::ForcedBranch{5, {{9, 0}}}};
  ir::Outcome never = ir::Interpreter(prog, io).run(f, args);
  CHECK(stmtsRun(never) == stmtsRun(plain));
  CHECK(never.forcedTaken == 0);
  io.forcedBranches = {ir::ForcedBranch{2, {}}};
  ir::Outcome bad = ir::Interpreter(prog, io).run(f, args);
  CHECK(bad.kind == ir::OutcomeKind::Error);
  CHECK(bad.message.find("cannot force a branch at #2") != std::string::npos);
}

TEST_CASE("forcing: a loop's condition at one iteration ends the loop early, or runs it once more") {
  ir::Program prog = compile(R"(proc main(n: int) returns (i: int)
{
  i := 0;
  while (i < n) {
    i := i + 1;
  }
}
)");
  // #1 i := 0  #2 b0 := i < n  #3 while (b0) { #4 i := i + 1  #5 b0 := i < n }
  uint32_t m = prog.procIndex("main");
  CHECK(ir::conditionals(prog) == std::unordered_set<ir::StmtId>{2, 5});
  ir::InterpOptions io;
  io.forcedBranches = {ir::ForcedBranch{5, {{3, 1}}}}; // the re-check after the second iteration
  ir::Outcome early = ir::Interpreter(prog, io).run(m, {ir::Value::ofInt(5)});
  CHECK(early.kind == ir::OutcomeKind::Ok);
  CHECK((*early.result == ir::Value::ofInt(2)));
  io.forcedBranches = {ir::ForcedBranch{5, {{3, 2}}}}; // the last re-check (i = 3 = n): once more
  ir::Outcome more = ir::Interpreter(prog, io).run(m, {ir::Value::ofInt(3)});
  CHECK((*more.result == ir::Value::ofInt(4)));
  io.forcedBranches = {ir::ForcedBranch{2, {}}}; // before the loop: never entered
  CHECK((*ir::Interpreter(prog, io).run(m, {ir::Value::ofInt(3)}).result == ir::Value::ofInt(0)));
}

TEST_CASE("forcing on random programs: the same run up to the instance, its value negated there") {
  int forcedRuns = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Gen gen(seed);
    std::string text = gen.program();
    INFO("seed " << seed << "\n" << text);
    ir::Program prog = compile(text);
    std::unordered_set<ir::StmtId> conds = ir::conditionals(prog);
    std::mt19937_64 rng(seed);
    std::vector<ir::Value> args{ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                                ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                                ir::Value::ofBool(rng() & 1)};
    ir::InterpOptions io;
    io.seed = seed;
    io.stepLimit = 20000;
    uint32_t entry = prog.procIndex("main");
    ir::Outcome plain = ir::Interpreter(prog, io).run(entry, args);
    std::vector<size_t> at; // trace positions of conditional instances
    for (size_t k = 0; k < plain.trace.size(); ++k)
      if (conds.count(plain.trace[k].stmt) && plain.trace[k].write)
        at.push_back(k);
    if (at.empty())
      continue;
    size_t k = at[rng() % at.size()];
    const ir::TraceStep &t = plain.trace[k];
    io.forcedBranches = {ir::ForcedBranch{t.stmt, plain.contexts.path(t.context)}};
    ir::Outcome forced = ir::Interpreter(prog, io).run(entry, args);
    ++forcedRuns;
    REQUIRE(forced.trace.size() > k);
    CHECK(forced.forcedTaken == 1);
    ir::StmtIndex index(prog);
    for (size_t j = 0; j < k; ++j) {
      CHECK(forced.trace[j].stmt == plain.trace[j].stmt);
      // a call's result is written when it returns, possibly after the forced instance
      if (index.find(plain.trace[j].stmt)->kind != ir::Stmt::Call)
        CHECK(forced.trace[j].written == plain.trace[j].written);
    }
    CHECK(forced.trace[k].stmt == t.stmt);
    REQUIRE(forced.trace[k].write);
    CHECK(forced.trace[k].write->value.i.isZero() != t.write->value.i.isZero());
  }
  CHECK(forcedRuns > 100);
}

TEST_CASE("partial programs: unexplored statements are skips, or compute anything with havocOutside") {
  ir::Program prog = compile(R"(proc main(x: int) returns (r: int)
{
  r := 1;
  if (x > 0) {
    r := 2;
  }
}
)");
  // #1 r := 1  #2 b0 := x > 0  #3 [b0] r := 2; the run on x = 0 executes #1 and #2 only
  for (const std::string &solver : apiSolvers()) {
    for (bool havoc : {false, true}) {
      backends::TermManager tm;
      backends::MakeSolverResult made = backends::makeSolver(solver, tm);
      REQUIRE(made);
      encoder::EncodeOptions eo;
      eo.fixedArgs = std::vector<ir::Value>{ir::Value::ofInt(0)};
      eo.relaxValues = true;
      eo.onlyStmts = std::unordered_set<ir::StmtId>{1, 2};
      eo.havocOutside = havoc;
      encoder::Encoding enc = encoder::encode(prog, prog.procIndex("main"), tm, eo);
      enc.assertTo(*made.solver, true, true);
      backends::Term r7 = tm.mkEq(enc.finalEntryVars[1], tm.mkInt(7));
      backends::Term sel1 = tm.mkVar("sel!v!1", tm.boolSort()), sel2 = tm.mkVar("sel!v!2", tm.boolSort());
      std::string what = solver + (havoc ? " with havocOutside" : " with skips");
      INFO(what);
      // the condition as it is: the unexplored branch does not run either way
      CHECK(made.solver->check({sel1, sel2, r7}).isUnsat());
      // the condition relaxed: the unexplored branch runs and may assign anything, or nothing
      CHECK(made.solver->check({sel1, r7}).isSat() == havoc);
    }
  }
}
