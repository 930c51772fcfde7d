// Unit tests for the Solver protocol on every backend: sat/unsat, models, cores, push/pop, timeouts, errors.
#include "backends/dump_solver.h"
#include "helpers.h"

#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace locus::backends;
using locus::backends::testing::allSolvers;

namespace {

std::unique_ptr<Solver> make(const std::string &spec, TermManager &tm) {
  MakeSolverResult r = makeSolver(spec, tm);
  INFO(spec << ": " << r.error);
  REQUIRE(r);
  return std::move(r.solver);
}

} // namespace

TEST_CASE("sat, models, unsat, cores and push/pop on every backend") {
  for (const std::string &spec : allSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    auto s = make(spec, tm);
    CHECK(!s->version().empty());
    Term x = tm.mkVar("x", tm.intSort());
    Term y = tm.mkVar("y", tm.intSort());
    Term a = tm.mkVar("a", tm.boolSort());
    Term b = tm.mkVar("b", tm.boolSort());
    s->assertFormula(tm.mkApp(Op::Gt, x, tm.mkInt(2)));
    s->assertFormula(tm.mkEq(y, tm.mkApp(Op::Sub, x, tm.mkInt(10))));
    REQUIRE(s->check().isSat());
    int64_t xv = *s->value(x).asInt64();
    CHECK(xv > 2);
    CHECK(*s->value(y).asInt64() == xv - 10);
    CHECK(s->value(tm.mkApp(Op::Gt, x, tm.mkInt(2))).boolean);

    // Cores over literal and non-literal assumptions.
    Term big = tm.mkApp(Op::Gt, y, tm.mkInt(100));
    s->assertFormula(tm.mkImplies(a, tm.mkApp(Op::Lt, x, tm.mkInt(0))));
    Result r = s->check({b, a, big});
    REQUIRE(r.isUnsat());
    std::vector<Term> core = s->unsatCore();
    CHECK(std::find(core.begin(), core.end(), b) == core.end());
    CHECK(!core.empty());
    for (Term c : core)
      CHECK((c == a || c == big));
    CHECK_THROWS_AS(s->value(x), std::logic_error);

    // push/pop
    s->push();
    s->assertFormula(tm.mkApp(Op::Lt, x, tm.mkInt(0)));
    CHECK(s->check().isUnsat());
    CHECK(s->unsatCore().empty());
    s->pop();
    Term z = tm.mkVar("z", tm.intSort()); // declared after the pop
    s->push();
    s->assertFormula(tm.mkEq(z, x));
    REQUIRE(s->check({tm.mkNot(a), tm.mkEq(x, tm.mkInt(5))}).isSat());
    CHECK(*s->value(z).asInt64() == 5);
    s->pop();
    s->push();
    s->assertFormula(tm.mkEq(z, tm.mkInt(-7)));
    REQUIRE(s->check().isSat());
    CHECK(*s->value(z).asInt64() == -7);
    s->pop();
    CHECK_THROWS_AS(s->pop(), std::logic_error);
    CHECK(s->stats().checks == 5);
    CHECK(s->stats().sat == 3);
    // The API backends time their own assert calls apart from our translation; the pipe cannot.
    if (spec.rfind("smtlib:", 0) == 0)
      CHECK(s->stats().assertSeconds == 0);
    else
      CHECK(s->stats().assertSeconds > 0);
  }
}

TEST_CASE("bit-vectors and arrays on every backend") {
  for (const std::string &spec : allSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    auto s = make(spec, tm);
    Sort bv = tm.bvSort(32);
    Term p = tm.mkVar("p", bv);
    Term q = tm.mkVar("q", bv);
    s->assertFormula(tm.mkEq(p, tm.mkBv(32, -5)));
    s->assertFormula(tm.mkEq(q, tm.mkApp(Op::BvMul, p, tm.mkBv(32, 3))));
    s->assertFormula(tm.mkApp(Op::BvSlt, q, tm.mkBv(32, 0)));
    Sort arr = tm.arraySort(tm.intSort(), tm.intSort());
    Term h = tm.mkVar("h", arr);
    Term h2 = tm.mkStore(h, tm.mkInt(1), tm.mkInt(42));
    Term v = tm.mkVar("v", tm.intSort());
    s->assertFormula(tm.mkEq(v, tm.mkSelect(h2, tm.mkInt(1))));
    Term e = tm.mkExtract(7, 0, q);
    Term w = tm.mkSignExtend(8, e);
    REQUIRE(s->check().isSat());
    CHECK(*s->value(p).asInt64() == -5);
    CHECK(*s->value(q).asInt64() == -15);
    CHECK(*s->value(q).asUint64() == 0xFFFFFFF1u);
    CHECK(s->value(q).bits.size() == 32);
    CHECK(*s->value(w).asInt64() == -15);
    CHECK(*s->value(v).asInt64() == 42);
    CHECK(s->value(tm.mkConstArray(arr, tm.mkInt(0))).kind == Value::Kind::Other);
  }
}

TEST_CASE("big integers and timeouts") {
  for (const std::string &spec : allSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    auto s = make(spec, tm);
    Term x = tm.mkVar("x", tm.intSort());
    s->assertFormula(tm.mkEq(x, tm.mkApp(Op::Mul, tm.mkInt("123456789012345678901234567890"), tm.mkInt(-2))));
    REQUIRE(s->check().isSat());
    CHECK(s->value(x).integer == "-246913578024691357802469135780");
    CHECK_FALSE(s->value(x).asInt64().has_value());
    // A hard nonlinear problem with a 200 ms limit: either it times out with a reason or it is solved.
    Term a = tm.mkVar("a", tm.intSort()), b = tm.mkVar("b", tm.intSort()), c = tm.mkVar("c", tm.intSort());
    auto cube = [&](Term t) { return tm.mkApp(Op::Mul, std::vector<Term>{t, t, t}); };
    s->assertFormula(tm.mkEq(tm.mkApp(Op::Add, std::vector<Term>{cube(a), cube(b), cube(c)}), tm.mkInt(33)));
    s->setTimeout(200);
    Result r = s->check();
    if (r.isUnknown())
      CHECK(r.reason != UnknownReason::None);
    s->setTimeout(0);
    CHECK(s->stats().checks == 2);
  }
}

TEST_CASE("a check that runs out of time answers unknown with reason timeout") {
  for (const std::string &spec : allSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    auto s = make(spec, tm);
    s->setTimeout(300);
    bool timedOut = false;
    // Pigeonhole 11 into 10 (hard for z3's CDCL) ...
    s->push();
    const int n = 11, m = 10;
    auto p = [&](int i, int j) {
      return tm.mkVar("p" + std::to_string(i) + "_" + std::to_string(j), tm.boolSort());
    };
    for (int i = 0; i < n; ++i) {
      std::vector<Term> holes;
      for (int j = 0; j < m; ++j)
        holes.push_back(p(i, j));
      s->assertFormula(tm.mkOr(holes));
    }
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < n; ++i)
        for (int k = i + 1; k < n; ++k)
          s->assertFormula(tm.mkOr(tm.mkNot(p(i, j)), tm.mkNot(p(k, j))));
    Result r1 = s->check();
    timedOut |= r1.isUnknown() && r1.reason == UnknownReason::Timeout;
    CHECK_FALSE(r1.isSat());
    s->pop();
    // ... and a sum of cubes (hard for cvc5's nonlinear arithmetic).
    Term a = tm.mkVar("a", tm.intSort()), b = tm.mkVar("b", tm.intSort()), c = tm.mkVar("c", tm.intSort());
    auto cube = [&](Term t) { return tm.mkApp(Op::Mul, std::vector<Term>{t, t, t}); };
    s->assertFormula(tm.mkEq(tm.mkApp(Op::Add, std::vector<Term>{cube(a), cube(b), cube(c)}), tm.mkInt(33)));
    Result r2 = s->check();
    timedOut |= r2.isUnknown() && r2.reason == UnknownReason::Timeout;
    CHECK(timedOut);
    CHECK(s->stats().maxCheckSeconds < 5);
    // The solver stays usable after a timeout.
    s->setTimeout(0);
    s->assertFormula(tm.mkEq(a, tm.mkInt(1)));
    CHECK(s->check({tm.mkEq(b, tm.mkInt(2)), tm.mkEq(a, tm.mkInt(2))}).isUnsat());
  }
}

TEST_CASE("a deadline: a check after it answers unknown (timeout) without asking; the timeout is kept") {
  for (const std::string &spec : allSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    auto s = make(spec, tm);
    Term x = tm.mkVar("x", tm.intSort());
    s->assertFormula(tm.mkEq(x, tm.mkInt(3)));
    s->setTimeout(5000);
    s->setDeadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
    Result r = s->check({tm.mkEq(x, tm.mkInt(3))});
    CHECK(r.isUnknown());
    CHECK(r.reason == UnknownReason::Timeout);
    CHECK(s->timeout() == 5000);
    // a deadline ahead leaves the check alone; none at all either
    s->setDeadline(std::chrono::steady_clock::now() + std::chrono::hours(1));
    CHECK(s->check({tm.mkEq(x, tm.mkInt(3))}).isSat());
    CHECK(s->check({tm.mkEq(x, tm.mkInt(4))}).isUnsat());
    s->setDeadline(std::nullopt);
    CHECK(s->check().isSat());
    CHECK(s->timeout() == 5000);
  }
}

TEST_CASE("factory errors and the dump backend") {
  TermManager tm;
  MakeSolverResult bad = makeSolver("yices", tm);
  CHECK_FALSE(bad);
  CHECK(bad.error.find("unknown solver") != std::string::npos);
  MakeSolverResult missing = makeSolver("smtlib:/nonexistent/solver", tm);
  CHECK_FALSE(missing);
  CHECK(!missing.error.empty());
#ifndef LOCUS_WITH_CVC5
  CHECK(makeSolver("cvc5", tm).error == "locus was built without cvc5");
#endif
#ifndef LOCUS_WITH_Z3
  CHECK(makeSolver("z3", tm).error == "locus was built without z3");
#endif

  DumpSolver d(tm);
  Term a = tm.mkVar("a", tm.boolSort());
  Term x = tm.mkVar("x", tm.intSort());
  d.assertFormula(tm.mkImplies(a, tm.mkApp(Op::Gt, x, tm.mkInt(0))));
  d.push();
  Result r = d.check({a});
  CHECK(r.isUnknown());
  d.pop();
  const std::string &script = d.script();
  CHECK(script.find("(declare-fun a () Bool)") != std::string::npos);
  CHECK(script.find("(assert (=> a (> x 0)))") != std::string::npos);
  CHECK(script.find("(check-sat-assuming (a))") != std::string::npos);
}

TEST_CASE("a solver process that dies answers unknown") {
  TermManager tm;
  // Exits at once: the factory reports that it did not start.
  MakeSolverResult r = makeSolver("smtlib:sh -c 'exit 3'", tm);
  CHECK_FALSE(r);
  CHECK(r.error.find("did not start") != std::string::npos);
  // A z3 that only ever sees the set-up lines, then loses its input and exits.
  MakeSolverResult c = makeSolver("smtlib:sh -c 'head -n 3 | z3 -in'", tm);
  REQUIRE(c);
  Term x = tm.mkVar("x", tm.intSort());
  c.solver->assertFormula(tm.mkApp(Op::Gt, x, tm.mkInt(0)));
  Result res = c.solver->check();
  CHECK(res.isUnknown());
  CHECK(!res.detail.empty());
  CHECK(c.solver->check().isUnknown());
}

namespace {

/// The child processes of `pid` (Linux: /proc/PID/task/PID/children).
std::vector<pid_t> childrenOf(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  std::vector<pid_t> out;
  for (pid_t c; in >> c;)
    out.push_back(c);
  return out;
}

/// Whether `pid` is still running (gone, or a zombie nobody has reaped yet, counts as not running).
bool running(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat))
    return false;
  size_t close = stat.rfind(')');
  return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

} // namespace

TEST_CASE("a pipe solver dies with the process that started it") {
  // A child process starts a pipe solver and is killed while the solver runs: the solver must not outlive
  // it (locus verify's watchdog and the benchmarks' hard limits end processes that way).
  int ready[2];
  REQUIRE(::pipe(ready) == 0);
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(ready[0]);
    TermManager tm;
    // z3 itself would exit at the end of its input; the process started goes on after it, like a solver
    // that is busy.
    MakeSolverResult r = makeSolver("smtlib:sh -c 'z3 -in; exec sleep 30'", tm);
    char ok = r ? 1 : 0;
    (void)!::write(ready[1], &ok, 1);
    ::pause();
    ::_exit(0);
  }
  ::close(ready[1]);
  char ok = 0;
  REQUIRE(::read(ready[0], &ok, 1) == 1);
  ::close(ready[0]);
  std::vector<pid_t> solvers = childrenOf(child);
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  REQUIRE(ok == 1);
  REQUIRE(solvers.size() == 1);
  bool gone = false;
  for (int i = 0; i < 200 && !gone; ++i) { // up to 2 s
    gone = !running(solvers[0]);
    if (!gone)
      ::usleep(10000);
  }
  CHECK(gone);
}

TEST_CASE("checks without a core: every posing, every backend") {
  for (const std::string &spec : allSolvers())
    for (Posing posing : {Posing::Auto, Posing::Assume, Posing::Push, Posing::Plain, Posing::Fresh})
      for (bool cores : {true, false}) {
        CAPTURE(spec);
        CAPTURE(posingName(posing));
        CAPTURE(cores);
        TermManager tm;
        SolverOptions so;
        so.posing = posing;
        so.cores = cores;
        MakeSolverResult made = makeSolver(spec, tm, so);
        REQUIRE(made);
        Solver &s = *made.solver;
        CHECK(s.posing() != Posing::Auto);
        Term x = tm.mkVar("x", tm.intSort());
        Term y = tm.mkVar("y", tm.intSort());
        Term a = tm.mkVar("a", tm.boolSort());
        s.assertFormula(tm.mkApp(Op::Gt, x, tm.mkInt(2)));
        s.push();
        s.assertFormula(tm.mkImplies(a, tm.mkEq(y, tm.mkApp(Op::Mul, x, tm.mkInt(3)))));
        // Sat with a model under a non-literal assumption and a literal one.
        Term small = tm.mkApp(Op::Lt, x, tm.mkInt(5));
        REQUIRE(s.check({small, a}, Need::NoCore).isSat());
        int64_t xv = *s.value(x).asInt64();
        CHECK((xv == 3 || xv == 4));
        CHECK(*s.value(y).asInt64() == 3 * xv);
        Term fresh = tm.mkVar("fresh", tm.intSort()); // not in any assertion: any value, but one
        CHECK(s.value(fresh).kind == Value::Kind::Int);
        // Unsat; no core afterwards.
        REQUIRE(s.check({tm.mkApp(Op::Lt, x, tm.mkInt(0))}, Need::NoCore).isUnsat());
        CHECK_THROWS_AS(s.unsatCore(), std::logic_error);
        // The assumptions were for one check only: the stack is as it was.
        REQUIRE(s.check({}, Need::NoCore).isSat());
        CHECK(*s.value(x).asInt64() > 2);
        s.assertFormula(tm.mkEq(x, tm.mkInt(10)));
        REQUIRE(s.check({a}, Need::NoCore).isSat());
        CHECK(*s.value(y).asInt64() == 30);
        s.pop();
        CHECK(s.level() == 0);
        REQUIRE(s.check({tm.mkEq(x, tm.mkInt(7))}, Need::NoCore).isSat());
        CHECK(*s.value(x).asInt64() == 7);
        // Checks with cores still work in between (or are a protocol error without cores).
        if (cores) {
          REQUIRE(s.check({a, tm.mkApp(Op::Lt, x, tm.mkInt(1))}).isUnsat());
          std::vector<Term> core = s.unsatCore();
          CHECK(core.size() == 1);
          REQUIRE(s.check({tm.mkEq(x, tm.mkInt(8))}, Need::NoCore).isSat());
          CHECK(*s.value(x).asInt64() == 8);
        } else {
          CHECK_THROWS_AS(s.check({a}), std::logic_error);
        }
        CHECK(s.check({tm.mkApp(Op::Lt, x, tm.mkInt(3))}, Need::NoCore).isUnsat());
      }
}

TEST_CASE("the dump backend writes each posing as the pipe would") {
  TermManager tm;
  Term x = tm.mkVar("x", tm.intSort());
  Term goal = tm.mkApp(Op::Gt, x, tm.mkInt(1));
  auto script = [&](Posing p, SolverFamily family) {
    SolverOptions so;
    so.posing = p;
    so.cores = false;
    DumpSolver d(tm, so, family);
    d.assertFormula(tm.mkApp(Op::Lt, x, tm.mkInt(5)));
    (void)d.check({goal}, Need::NoCore);
    (void)d.check({goal}, Need::NoCore);
    return d.script();
  };
  const std::string session = "(set-option :produce-models true)\n(set-logic ALL)\n(declare-fun x () Int)\n"
                              "(assert (< x 5))\n(assert (> x 1))\n";
  std::string plain = script(Posing::Plain, SolverFamily::Z3);
  CHECK(plain == session + "(check-sat)\n(reset)\n" + session + "(check-sat)\n");
  // cvc5 gets strings-exp (str.from_int of program output), after the logic, in every session
  const std::string cvc5Session = "(set-option :produce-models true)\n(set-logic ALL)\n"
                                  "(set-option :strings-exp true)\n(declare-fun x () Int)\n"
                                  "(assert (< x 5))\n(assert (> x 1))\n";
  std::string cvc5Plain = cvc5Session + "(check-sat)\n(reset)\n" + cvc5Session + "(check-sat)\n";
  CHECK(script(Posing::Plain, SolverFamily::Cvc5) == cvc5Plain);
  std::string tactic = "(check-sat-using (then simplify propagate-values solve-eqs smt))\n";
  std::string fresh = script(Posing::Fresh, SolverFamily::Z3);
  CHECK(fresh == session + tactic + "(reset)\n" + session + tactic);
  CHECK(script(Posing::Auto, SolverFamily::Z3) == fresh);
  CHECK(script(Posing::Fresh, SolverFamily::Cvc5) == cvc5Plain); // only z3 has tactics
  std::string push = script(Posing::Push, SolverFamily::Z3);
  CHECK(push == "(set-option :produce-models true)\n(set-logic ALL)\n(declare-fun x () Int)\n"
                "(assert (< x 5))\n(push 1)\n(assert (> x 1))\n(check-sat)\n(pop 1)\n(push 1)\n"
                "(assert (> x 1))\n(check-sat)\n");
  for (SolverFamily f : {SolverFamily::Z3, SolverFamily::Cvc5}) {
    std::string assume = script(f == SolverFamily::Z3 ? Posing::Assume : Posing::Auto, f);
    CHECK(assume.find("(check-sat-assuming (_assume") != std::string::npos);
    CHECK(assume.find("produce-unsat") == std::string::npos);
    CHECK(assume.find("(reset)") == std::string::npos);
  }
}

TEST_CASE("solver families and their measured posings") {
  CHECK(familyOf("z3") == SolverFamily::Z3);
  CHECK(familyOf("cvc5") == SolverFamily::Cvc5);
  CHECK(familyOf("smtlib:z3 -in") == SolverFamily::Z3);
  CHECK(familyOf("smtlib:'/opt/z3/bin/z3' -in") == SolverFamily::Z3);
  CHECK(familyOf("smtlib:cvc5 --lang smt2") == SolverFamily::Cvc5);
  CHECK(familyOf("smtlib:yices-smt2 --incremental") == SolverFamily::Other);
  CHECK(familyOf("smtlib:sh -c 'z3 -in'") == SolverFamily::Other); // the program is sh
  CHECK(familyOf("dump") == SolverFamily::Other);
  CHECK(measuredPosing(SolverFamily::Z3) == Posing::Fresh);
  CHECK(measuredPosing(SolverFamily::Cvc5) == Posing::Assume);
  for (const std::string &spec : allSolvers()) {
    TermManager tm;
    MakeSolverResult made = makeSolver(spec, tm);
    REQUIRE(made);
    CHECK(made.solver->posing() == measuredPosing(familyOf(spec)));
  }
}

TEST_CASE("a fresh check stops at its time limit") {
  // Z3 4.8.12's own time limit can deadlock in the tactics of a fresh solver (nonlinear integers): the
  // backends stop such a check from outside.
  for (const std::string &spec : allSolvers()) {
    CAPTURE(spec);
    TermManager tm;
    SolverOptions so;
    so.posing = Posing::Fresh;
    so.cores = false;
    MakeSolverResult made = makeSolver(spec, tm, so);
    REQUIRE(made);
    Solver &s = *made.solver;
    Term a = tm.mkVar("a", tm.intSort()), b = tm.mkVar("b", tm.intSort()), c = tm.mkVar("c", tm.intSort());
    auto cube = [&](Term t) { return tm.mkApp(Op::Mul, std::vector<Term>{t, t, t}); };
    s.assertFormula(tm.mkApp(Op::Gt, a, tm.mkInt(0)));
    s.assertFormula(tm.mkApp(Op::Gt, b, tm.mkInt(0)));
    s.assertFormula(tm.mkApp(Op::Gt, c, tm.mkInt(0)));
    s.setTimeout(500);
    Result r = s.check({tm.mkEq(tm.mkApp(Op::Add, cube(a), cube(b)), cube(c))}, Need::NoCore);
    CHECK(r.isUnknown());
    CHECK(r.reason == UnknownReason::Timeout);
    CHECK(s.stats().maxCheckSeconds < 5);
    // The solver stays usable.
    s.setTimeout(0);
    REQUIRE(s.check({tm.mkEq(a, tm.mkInt(2))}, Need::NoCore).isSat());
    CHECK(*s.value(a).asInt64() == 2);
  }
}
