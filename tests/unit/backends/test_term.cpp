// Unit tests for the term layer: hash-consing, rewriting, sort checks, SMT-LIB printing.
#include "backends/smtlib/sexpr.h"
#include "backends/term.h"

#include <doctest/doctest.h>
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
