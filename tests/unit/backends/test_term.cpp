// Unit tests for the term layer: hash-consing, rewriting, sort checks, SMT-LIB printing.
#include "backends/smtlib/sexpr.h"
#include "backends/solver.h"
#include "backends/term.h"

#include <cstdint>
#include <doctest/doctest.h>
#include <random>
#include <stdexcept>

using namespace locus::backends;

TEST_CASE("terms are hash-consed") {
  TermManager tm;
  Term x = tm.mkVar("x", tm.intSort());
  Term y = tm.mkVar("y", tm.intSort());
  CHECK(tm.mkApp(Op::Add, x, y) == tm.mkApp(Op::Add, x, y));
  CHECK(tm.mkApp(Op::Add, x, y) != tm.mkApp(Op::Add, y, x));
  CHECK(tm.mkVar("x", tm.intSort()) == x);
  CHECK_THROWS_AS(tm.mkVar("x", tm.boolSort()), std::invalid_argument);
  CHECK(tm.mkInt("007") == tm.mkInt(7));
  CHECK(tm.mkInt("-0") == tm.mkInt(0));
  CHECK(tm.mkBv(8, -1) == tm.mkBvBits("11111111"));
  CHECK(tm.bvSort(32) == tm.bvSort(32));
}

TEST_CASE("boolean rewrites") {
  TermManager tm;
  Term a = tm.mkVar("a", tm.boolSort());
  Term b = tm.mkVar("b", tm.boolSort());
  CHECK(tm.mkNot(tm.mkNot(a)) == a);
  CHECK(tm.mkAnd(a, tm.mkTrue()) == a);
  CHECK(tm.mkAnd(a, tm.mkNot(a)) == tm.mkFalse());
  CHECK(tm.mkOr(a, tm.mkNot(a)) == tm.mkTrue());
  CHECK(tm.mkAnd({}) == tm.mkTrue());
  CHECK(tm.mkOr({}) == tm.mkFalse());
  CHECK(tm.mkAnd(tm.mkAnd(a, b), a) == tm.mkAnd(a, b));
  CHECK(tm.mkIte(tm.mkTrue(), a, b) == a);
  CHECK(tm.mkEq(a, a) == tm.mkTrue());
  CHECK(tm.mkEq(tm.mkInt(1), tm.mkInt(2)) == tm.mkFalse());
  CHECK(tm.mkImplies(tm.mkFalse(), a) == tm.mkTrue());
  CHECK(tm.isLiteral(tm.mkNot(a)));
  CHECK_FALSE(tm.isLiteral(tm.mkAnd(a, b)));
}

TEST_CASE("sort errors throw") {
  TermManager tm;
  Term x = tm.mkVar("x", tm.intSort());
  Term a = tm.mkVar("a", tm.boolSort());
  CHECK_THROWS_AS(tm.mkAnd(a, x), std::invalid_argument);
  CHECK_THROWS_AS(tm.mkApp(Op::BvAdd, x, x), std::invalid_argument);
  CHECK_THROWS_AS(tm.mkEq(a, x), std::invalid_argument);
  CHECK_THROWS_AS(tm.mkExtract(8, 0, tm.mkBv(8, 1)), std::invalid_argument);
}

TEST_CASE("printing as SMT-LIB with let for shared subterms") {
  TermManager tm;
  Term x = tm.mkVar("x", tm.intSort());
  Term s = tm.mkApp(Op::Add, x, tm.mkInt(-3));
  CHECK(tm.toString(s) == "(+ x (- 3))");
  Term shared = tm.mkApp(Op::Mul, s, s);
  CHECK(tm.toString(shared) == "(let ((_let_0 (+ x (- 3)))) (* _let_0 _let_0))");
  Term q = tm.mkVar("a b", tm.bvSort(4));
  CHECK(tm.toString(tm.mkExtract(2, 1, q)) == "((_ extract 2 1) |a b|)");
  Sort arr = tm.arraySort(tm.intSort(), tm.bvSort(8));
  CHECK(tm.sortToString(arr) == "(Array Int (_ BitVec 8))");
  CHECK(tm.toString(tm.mkConstArray(arr, tm.mkBv(8, 5))) ==
        "((as const (Array Int (_ BitVec 8))) #b00000101)");
  // Deep sharing stays linear and parses back.
  Term t = x;
  for (int i = 0; i < 200; ++i)
    t = tm.mkApp(Op::Add, t, t);
  std::string text = tm.toString(t);
  CHECK(text.size() < 20000);
  CHECK(parseSExpr(text).has_value());
}

TEST_CASE("s-expression reader") {
  SExprReader r;
  std::string part1 = "((x 3) ((- 0 x) (- 3";
  r.feed(part1.data(), part1.size());
  CHECK_FALSE(r.next().has_value());
  std::string part2 = ")))\n\"a \"\"q\"\"\" |s y| sat";
  r.feed(part2.data(), part2.size());
  auto e = r.next();
  REQUIRE(e);
  CHECK(e->toString() == "((x 3) ((- 0 x) (- 3)))");
  auto s = r.next();
  REQUIRE(s);
  CHECK(s->kind == SExpr::Kind::String);
  CHECK(s->text == "a \"q\"");
  auto q = r.next();
  REQUIRE(q);
  CHECK(q->text == "|s y|");
  CHECK_FALSE(r.next().has_value()); // "sat" may continue
  r.feed("\n", 1);
  CHECK(r.next()->isAtom("sat"));
}

TEST_CASE("constant folding agrees with the solver") {
  // Every operator over constants is folded by the term manager; the same operator over variables fixed
  // to those constants must have the folded value in Z3's model of SMT-LIB semantics.
  TermManager tm;
  std::vector<std::string> solvers = apiSolvers();
  REQUIRE_FALSE(solvers.empty());
  MakeSolverResult made = makeSolver(solvers.front(), tm);
  REQUIRE(made);
  Solver &s = *made.solver;
  std::mt19937_64 rng(7);
  const int64_t ints[] = {0, 1, -1, 2, -7, 13, 100, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, 3037000500};
  const Op intOps[] = {Op::Neg, Op::Add, Op::Sub, Op::Mul, Op::IntDiv,
                       Op::Mod, Op::Lt,  Op::Le,  Op::Gt,  Op::Ge};
  const Op bvOps[] = {Op::BvNot, Op::BvNeg,  Op::BvAnd,  Op::BvOr,   Op::BvXor,  Op::BvAdd,
                      Op::BvSub, Op::BvMul,  Op::BvUdiv, Op::BvUrem, Op::BvSdiv, Op::BvSrem,
                      Op::BvShl, Op::BvLshr, Op::BvAshr, Op::BvUlt,  Op::BvUle,  Op::BvUgt,
                      Op::BvUge, Op::BvSlt,  Op::BvSle,  Op::BvSgt,  Op::BvSge};
  int folded = 0;
  auto check = [&](Op op, Term a, Term b, bool unary, Sort sort) {
    std::vector<Term> consts = unary ? std::vector<Term>{a} : std::vector<Term>{a, b};
    Term c = tm.mkApp(op, consts);
    Op k = tm.op(c);
    if (k != Op::IntConst && k != Op::BvConst && k != Op::BoolConst)
      return; // not folded (64-bit overflow, zero divisor): nothing to compare
    ++folded;
    Term x = tm.mkFreshVar("x", sort), y = tm.mkFreshVar("y", sort);
    std::vector<Term> vars = unary ? std::vector<Term>{x} : std::vector<Term>{x, y};
    Term open = tm.mkApp(op, vars);
    INFO(tm.toString(open) << " with " << tm.toString(a) << ", " << tm.toString(b) << " folded to "
                           << tm.toString(c));
    s.push();
    s.assertFormula(tm.mkEq(x, a));
    s.assertFormula(tm.mkEq(y, b));
    s.assertFormula(tm.mkNot(tm.mkEq(open, c)));
    CHECK(s.check().isUnsat());
    s.pop();
  };
  for (Op op : intOps)
    for (int64_t a : ints)
      for (int64_t b : ints)
        check(op, tm.mkInt(a), tm.mkInt(b), op == Op::Neg, tm.intSort());
  for (uint32_t w : {1u, 8u, 32u, 64u})
    for (Op op : bvOps)
      for (int i = 0; i < 24; ++i) {
        auto pick = [&] {
          uint64_t r = rng();
          return r % 4 == 0 ? int64_t(r % 3) - 1 : r % 4 == 1 ? int64_t(1) << (rng() % w) : int64_t(r);
        };
        check(op, tm.mkBv(w, pick()), tm.mkBv(w, pick()), op == Op::BvNot || op == Op::BvNeg, tm.bvSort(w));
      }
  CHECK(folded > 1000);
  // Folding makes unrolled loops with constant bounds end syntactically.
  CHECK(tm.mkApp(Op::Lt, tm.mkApp(Op::Add, tm.mkInt(2), tm.mkInt(1)), tm.mkInt(3)) == tm.mkFalse());
}

TEST_CASE("extract and extensions of constants fold") {
  TermManager tm;
  Term c = tm.mkBvBits("1010");
  CHECK(tm.mkExtract(2, 1, c) == tm.mkBvBits("01"));
  CHECK(tm.mkExtract(3, 3, c) == tm.mkBvBits("1"));
  CHECK(tm.mkSignExtend(4, c) == tm.mkBvBits("11111010"));
  CHECK(tm.mkSignExtend(2, tm.mkBvBits("0110")) == tm.mkBvBits("000110"));
  CHECK(tm.mkZeroExtend(4, c) == tm.mkBvBits("00001010"));
  Term x = tm.mkVar("x", tm.bvSort(4));
  CHECK(tm.op(tm.mkSignExtend(4, x)) == Op::SignExtend);
  CHECK(tm.op(tm.mkExtract(1, 0, x)) == Op::Extract);
}
