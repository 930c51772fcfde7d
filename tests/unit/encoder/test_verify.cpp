// Verdicts of bounded verification on small programs: safe, failures of every kind, bounds, bv32 vs math.
#include "helpers.h"

#include <memory>

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

struct Expect {
  Verdict verdict;
  CheckKind kind = CheckKind::Assert;
  int line = 0; ///< line of the failing statement (0: do not compare)
};

void expectVerdict(const std::string &text, Expect e, EncodeOptions eo = {},
                   const std::string &entry = "main") {
  ir::Program prog = compile(text);
  uint32_t ix = prog.procIndex(entry);
  REQUIRE(ix != ir::kNone);
  for (const std::string &spec : apiSolvers()) {
    CAPTURE(spec);
    CAPTURE(text);
    VerifyOptions vo;
    vo.encode = eo;
    vo.solver = spec;
    VerifyResult r = verify(prog, ix, vo);
    CAPTURE(r.reason);
    CHECK(verdictName(r.verdict) == std::string(verdictName(e.verdict)));
    if (e.verdict == Verdict::Failed || e.verdict == Verdict::BoundFailed) {
      REQUIRE(r.check);
      CHECK(checkName(r.check->kind) == std::string(checkName(e.kind)));
      if (e.line) {
        REQUIRE(r.outcome);
        ir::StmtIndex idx(prog);
        CHECK(idx.find(r.check->stmt)->loc.line == static_cast<uint32_t>(e.line));
      }
    }
  }
}

} // namespace

TEST_CASE("straight-line and branches") {
  expectVerdict("proc main(x: int) { var y: int; y := x + 1; assert y > x; }", {Verdict::Safe});
  expectVerdict("proc main(x: int) {\n var y: int;\n y := x * 2;\n assert y != 6;\n}",
                {Verdict::Failed, CheckKind::Assert, 4});
  expectVerdict("proc main(x: int, y: int) returns (r: int) {\n r := x;\n if (y > x) { r := y; }\n"
                " assert r >= x and r >= y;\n}",
                {Verdict::Safe});
  expectVerdict("proc main(x: int, y: int) returns (r: int) {\n r := x;\n if (y > x) { r := x; }\n"
                " assert r >= x and r >= y;\n}",
                {Verdict::Failed, CheckKind::Assert, 4});
}

TEST_CASE("requires of the entry are assumptions; of a callee, checks") {
  expectVerdict("proc main(x: int) requires { assert x > 0; } { assert x != 0; }", {Verdict::Safe});
  expectVerdict("proc f(a: int) returns (r: int) requires { assert a > 0; } { r := a; }\n"
                "proc main(x: int) { var y: int; y := f(x); }",
                {Verdict::Failed, CheckKind::Requires});
  expectVerdict("proc f(a: int) returns (r: int) ensures { assert r > a; } { r := a + 1; }\n"
                "proc main(x: int) { var y: int; y := f(x); assert y > x; }",
                {Verdict::Safe});
  expectVerdict("proc f(a: int) returns (r: int) ensures { assert r > a; } { r := a; }\n"
                "proc main(x: int) { var y: int; y := f(x); }",
                {Verdict::Failed, CheckKind::Ensures});
}

TEST_CASE("division: by zero, truncation toward zero") {
  expectVerdict("proc main(x: int, y: int) {\n var z: int;\n z := x / y;\n}",
                {Verdict::Failed, CheckKind::DivByZero, 3});
  expectVerdict("proc main(x: int, y: int) { var z: int; if (y != 0) { z := x / y; } }", {Verdict::Safe});
  expectVerdict("proc main() { var z: int; var a: int; a := -7; z := a / 2; assert z == -3; z := a % 2; "
                "assert z == -1; z := a % -2; assert z == -1; z := a / -2; assert z == 3; }",
                {Verdict::Safe});
  expectVerdict(
      "proc main(x: int, y: int) { var z: int; assume y != 0; z := x / y; assert z * y + x % y == x; }",
      {Verdict::Safe});
  // short-circuit: the right operand is not evaluated
  expectVerdict("proc main(y: int) { var b: bool; b := y != 0 and 10 / y > 1; }", {Verdict::Safe});
  expectVerdict("proc main(y: int) { var b: bool; b := y == 0 or 10 / y > 1; }", {Verdict::Safe});
}

TEST_CASE("loops: unwinding assertion, bound, no-unwinding-assertions") {
  const char *count =
      "proc main(n: int) { var i: int; i := 0; while (i < n) { i := i + 1; } assert i >= 0; }";
  expectVerdict(count, {Verdict::BoundFailed, CheckKind::Unwinding});
  EncodeOptions noUnw;
  noUnw.unwindingAssertions = false;
  expectVerdict(count, {Verdict::Safe}, noUnw);
  const char *bounded = "proc main() { var i: int; i := 0; while (i < 3) { i := i + 1; } assert i == 3; }";
  expectVerdict(bounded, {Verdict::Safe});
  EncodeOptions k2;
  k2.unwind = 2;
  expectVerdict(bounded, {Verdict::BoundFailed, CheckKind::Unwinding}, k2);
  expectVerdict("proc main() {\n var i: int;\n i := 0;\n while (i < 3) { i := i + 1; }\n assert i == 4;\n}",
                {Verdict::Failed, CheckKind::Assert, 5});
  // break / continue
  expectVerdict("proc main() { var i: int; var s: int; i := 0; s := 0;\n"
                " while (true) { i := i + 1; if (i == 2) { continue; } if (i > 3) { break; } s := s + i; }\n"
                " assert s == 4; assert i == 4; }",
                {Verdict::Safe});
  // return inside a loop
  expectVerdict(
      "proc f(n: int) returns (r: int) { r := 0; while (r < 100) { if (r == n) { return; } r := r + 1; } }\n"
      "proc main() { var x: int; x := f(2); assert x == 2; }",
      {Verdict::Safe});
}

TEST_CASE("calls and recursion") {
  expectVerdict("proc inc(a: int) returns (r: int) { r := a + 1; }\n"
                "proc main(x: int) { var y: int; y := inc(x); y := inc(y); assert y == x + 2; }",
                {Verdict::Safe});
  const char *fact = "proc fact(n: int) returns (r: int) { if (n <= 1) { r := 1; } else { r := fact(n - 1); "
                     "r := r * n; } }\n"
                     "proc main() { var x: int; x := fact(4); assert x == 24; }";
  expectVerdict(fact, {Verdict::Safe});
  EncodeOptions k2;
  k2.unwind = 2;
  expectVerdict(fact, {Verdict::BoundFailed, CheckKind::Unwinding}, k2);
  expectVerdict("var g: int;\nproc set() { g := 5; halt; }\nproc main() { set(); assert g == 0; }",
                {Verdict::Safe});
}

TEST_CASE("heap: null dereference, fields, nondet references") {
  const char *rec = "type Node { next: Node; val: int; }\n";
  expectVerdict(std::string(rec) + "proc main() {\n var n: Node;\n var v: int;\n v := n.val;\n}",
                {Verdict::Failed, CheckKind::NullDeref, 5});
  expectVerdict(std::string(rec) +
                    "proc main(x: int) { var a: Node; var b: Node; a := new Node; b := new Node;"
                    " a.val := x; b.val := x + 1; a.next := b; assert a.next.val == x + 1;"
                    " assert b.next == null and a != b; }",
                {Verdict::Safe});
  expectVerdict(std::string(rec) + "proc main() { var a: Node; var b: Node; a := new Node; a.val := 1;"
                                   " b := nondet; if (b != null) { b.val := 2; } assert a.val == 1; }",
                {Verdict::Failed, CheckKind::Assert});
  expectVerdict(std::string(rec) + "proc main() { var a: Node; var b: Node; var c: int; a := new Node; "
                                   "b := nondet; c := b.val; }",
                {Verdict::Failed, CheckKind::NullDeref});
  EncodeOptions h1;
  h1.heapSlots = 1;
  expectVerdict(std::string(rec) + "proc main() { var a: Node; a := new Node; a := new Node; }",
                {Verdict::BoundFailed, CheckKind::HeapBound}, h1);
}

TEST_CASE("nondet ints and bools; bv32 overflow vs math") {
  expectVerdict(
      "proc main() { var x: int; var b: bool; x := nondet; b := nondet; if (b) { assert x != 7; } }",
      {Verdict::Failed, CheckKind::Assert});
  const char *ovf = "proc main(x: int) { var y: int; assume x > 0; y := x + 1; assert y > 0; }";
  expectVerdict(ovf, {Verdict::Safe});
  EncodeOptions bv;
  bv.ints = ir::IntMode::BV32;
  expectVerdict(ovf, {Verdict::Failed, CheckKind::Assert}, bv);
  expectVerdict("proc main(x: int) { var y: int; y := x / -1; assert x == -2147483648 ==> y == x; }",
                {Verdict::Safe}, bv);
}

namespace {

/// A backend whose checks take `delay` seconds on a clock of its own (a stand-in for a slow solver, without
/// waiting: the verification is given this clock, so the budget arithmetic is exact); it records the time
/// limit each check is given. The answers come from a real backend.
class SlowSolver : public backends::Solver {
public:
  SlowSolver(backends::TermManager &tm, const std::string &spec, double delay)
      : Solver(tm), inner_(backends::makeSolver(spec, tm).solver), delay_(delay) {}
  std::vector<unsigned> limits;
  double clock = 0; ///< seconds "spent" in checks
  std::string name() const override { return "slow " + inner_->name(); }
  std::string version() const override { return inner_->version(); }

protected:
  void assertImpl(backends::Term f) override { inner_->assertFormula(f); }
  void pushImpl() override { inner_->push(); }
  void popImpl(unsigned n) override { inner_->pop(n); }
  backends::Result checkImpl(const std::vector<backends::Term> &assumptions) override {
    limits.push_back(timeoutMs_);
    clock += delay_;
    return inner_->check(assumptions);
  }
  backends::Value valueImpl(backends::Term t) override { return inner_->value(t); }
  std::vector<backends::Term> unsatCoreImpl() override { return inner_->unsatCore(); }

private:
  std::unique_ptr<backends::Solver> inner_;
  double delay_;
};

} // namespace

TEST_CASE("--timeout bounds all queries of a verification together") {
  ir::Program failing = compile("proc main(x: int) {\n assert x != 7;\n}");
  // Only the unwinding assertion can fail: the first query finds it, the second shows no real failure.
  ir::Program bounded =
      compile("proc main(n: int) { var i: int; i := 0; while (i < n) { i := i + 1; } assert i >= 0; }");
  for (const std::string &spec : apiSolvers()) {
    CAPTURE(spec);
    // verifyOn with a limit of `budgetMs` (1 s unless given) on a backend whose checks take `delay` each on
    // its clock; the limits the checks got.
    auto slowRun = [&](const ir::Program &prog, double delay, std::vector<unsigned> &limits,
                       unsigned budgetMs = 1000) {
      VerifyOptions vo;
      vo.timeoutMs = budgetMs;
      backends::TermManager tm;
      SlowSolver s(tm, spec, delay);
      vo.solveClock = [&s] { return s.clock; };
      VerifyResult r = verifyOn(prog, prog.procIndex("main"), vo, tm, s);
      limits = s.limits;
      return r;
    };
    std::vector<unsigned> limits;
    SUBCASE("a failure: the optional queries for small inputs get what is left, at most half") {
      VerifyResult r = slowRun(failing, 0.15, limits);
      CHECK(r.verdict == Verdict::Failed);
      // 1000 ms for the deciding query; then (1000 - 150 spent - 150 to ask it again) / 2 = 350 ms for the
      // query for tiny inputs, which finds x = 7.
      CHECK(limits == std::vector<unsigned>{1000, 350});
    }
    SUBCASE("with time to spare, an optional query gets twice the deciding query's time plus a second") {
      VerifyResult r = slowRun(failing, 0.1, limits, 10000);
      CHECK(r.verdict == Verdict::Failed);
      CHECK(limits == std::vector<unsigned>{10000, 1200}); // not (10000 - 100 - 100) / 2
    }
    SUBCASE("a failure found late: no optional query, the deciding model is used") {
      VerifyResult r = slowRun(failing, 0.6, limits);
      CHECK(r.verdict == Verdict::Failed);
      CHECK(limits == std::vector<unsigned>{1000}); // (1000 - 600 - 600) / 2 < 10 ms: not worth asking
    }
    SUBCASE("safe up to the bound: the query for a real failure gets what is left") {
      VerifyResult r = slowRun(bounded, 0.6, limits);
      CHECK(r.verdict == Verdict::BoundFailed);
      // 1000 ms for 'some check fails' (the unwinding assertion), then the 400 ms left for 'a real check
      // fails' (no); the optional queries would get (400 - 600 - 600) / 2 < 0: none is asked.
      CHECK(limits == std::vector<unsigned>{1000, 400});
    }
    SUBCASE("the budget used up: the next query is not asked, the answer is a timeout") {
      VerifyResult r = slowRun(bounded, 1.05, limits);
      CHECK(r.verdict == Verdict::Unknown);
      CHECK(r.reason.find("timeout") == 0);
      CHECK(limits == std::vector<unsigned>{1000});
    }
  }
}

namespace {

/// The id of the first statement of `kind` in `proc`'s body.
ir::StmtId firstStmt(const ir::Program &prog, const std::string &proc, ir::Stmt::Kind kind) {
  ir::StmtId id = 0;
  ir::forEachStmt(prog.procs[prog.procIndex(proc)].body, [&](const ir::Stmt &s) {
    if (!id && s.kind == kind)
      id = s.id;
  });
  REQUIRE(id != 0);
  return id;
}

bool replaysWith(const ir::Program &prog, const Check &check, std::vector<ir::Value> args, std::string &why) {
  Counterexample cx;
  cx.args = std::move(args);
  ir::Outcome out;
  return replays(prog, prog.procIndex("main"), check, cx, EncodeOptions{}, out, why);
}

} // namespace

TEST_CASE("a counterexample replays only if the interpreter reaches the same check") {
  // The replay is what stands between a wrong encoding and a wrong verdict: it must say no.
  std::string why;
  SUBCASE("an unwinding check: the loop must be reached unwind + 1 = 6 times") {
    ir::Program prog = compile("proc main(n: int) { var a: int; var b: int; var c: int; var i: int;\n"
                               " a := 0; b := 0; c := 0; a := 1; b := 1; c := 1; a := 2; b := 2; c := 2;\n"
                               " i := 0; while (i < n) { i := i + 1; } }");
    Check loop;
    loop.kind = CheckKind::Unwinding;
    loop.stmt = firstStmt(prog, "main", ir::Stmt::While);
    loop.proc = prog.procIndex("main");
    CHECK(replaysWith(prog, loop, {ir::Value::ofInt(10)}, why));
    CHECK_FALSE(replaysWith(prog, loop, {ir::Value::ofInt(0)}, why)); // reached once, among ten statements
    CHECK(why.find("reached statement #" + std::to_string(loop.stmt) + " 1 times, expected at least 6") !=
          std::string::npos);
    CHECK_FALSE(replaysWith(prog, loop, {ir::Value::ofInt(4)}, why)); // 5 evaluations of the loop
    CHECK(replaysWith(prog, loop, {ir::Value::ofInt(6)}, why));
  }
  SUBCASE("an assertion: the same failure at the same statement") {
    ir::Program prog = compile("proc main(x: int) {\n assert x != 1;\n assert x != 2;\n}");
    Check second;
    second.kind = CheckKind::Assert;
    second.proc = prog.procIndex("main");
    std::vector<ir::StmtId> asserts;
    ir::forEachStmt(prog.procs[second.proc].body, [&](const ir::Stmt &s) {
      if (s.kind == ir::Stmt::Assert)
        asserts.push_back(s.id);
    });
    REQUIRE(asserts.size() == 2);
    second.stmt = asserts[1];
    CHECK(replaysWith(prog, second, {ir::Value::ofInt(2)}, why));
    CHECK_FALSE(replaysWith(prog, second, {ir::Value::ofInt(1)}, why)); // fails at the first assert
    CHECK_FALSE(replaysWith(prog, second, {ir::Value::ofInt(3)}, why)); // does not fail
    Check wrongKind = second;
    wrongKind.kind = CheckKind::NullDeref;
    CHECK_FALSE(replaysWith(prog, wrongKind, {ir::Value::ofInt(2)}, why));
  }
}
