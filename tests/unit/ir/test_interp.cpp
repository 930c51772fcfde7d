// Unit tests for the reference interpreter (ir/interp.h) on hand-built IR programs.
#include "ir/interp.h"
#include "ir_builder.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace locus::ir;

using namespace locus::ir::testing;

TEST_CASE("names and toString") {
  CHECK(toString(Value::ofInt(-42)) == "-42");
  CHECK(toString(Value::ofBool(true)) == "true");
  CHECK(toString(Value::ofRef(0)) == "null");
  CHECK(toString(Value::ofRef(3)) == "n3");
  CHECK(std::string(outcomeName(OutcomeKind::Infeasible)) == "infeasible");
  CHECK(std::string(failureName(FailureKind::NullDeref)) == "null-deref");
  CHECK(std::string(failureName(FailureKind::DivByZero)) == "div-by-zero");
}

TEST_CASE("assign, arithmetic, result, trace") {
  B b;
  uint32_t f = b.proc("f");
  VarRef x = b.param(f, "x", kInt);
  VarRef r = b.result(f, kInt);
  b.P(f).body = {b.assign(r, bin(Op::Add, bin(Op::Mul, b.use(f, x), I(2)), I(1)))};
  Outcome o = Interpreter(b.prog).run(f, {Value::ofInt(5)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  REQUIRE(o.result);
  CHECK(o.result->i == 11);
  CHECK(o.state.entryVars[r.index].i == 11);
  REQUIRE(o.trace.size() == 1);
  CHECK(o.trace[0].stmt == b.P(f).body[0].id);
  CHECK(o.trace[0].depth == 0);
  CHECK(*o.trace[0].written == "result = 11");
  CHECK(o.stmt == b.P(f).body[0].id);
  CHECK(o.steps == 1);

  InterpOptions noTrace;
  noTrace.recordTrace = false;
  Outcome o2 = Interpreter(b.prog, noTrace).run(f, {Value::ofInt(5)});
  CHECK(o2.trace.empty());
  CHECK(o2.steps == 1);
}

TEST_CASE("division truncates toward zero, comparisons, not, neg") {
  B b;
  uint32_t f = b.proc("f");
  VarRef q = b.local(f, "q", kInt), m = b.local(f, "m", kInt), n = b.local(f, "n", kInt);
  VarRef c = b.local(f, "c", kBool), d = b.local(f, "d", kBool);
  b.P(f).body = {b.assign(q, bin(Op::Div, I(-7), I(2))), b.assign(m, bin(Op::Mod, I(-7), I(2))),
                 b.assign(n, Expr::unary(Op::Neg, b.use(f, q))),
                 b.assign(c, bin(Op::Le, b.use(f, q), b.use(f, m))),
                 b.assign(d, Expr::unary(Op::Not, bin(Op::Eq, b.use(f, n), I(3))))};
  Outcome o = Interpreter(b.prog).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[q.index].i == -3);
  CHECK(o.state.entryVars[m.index].i == -1);
  CHECK(o.state.entryVars[n.index].i == 3);
  CHECK(S(o.state.entryVars[c.index]) == "true");
  CHECK(S(o.state.entryVars[d.index]) == "false");
}

TEST_CASE("guards") {
  B b;
  uint32_t f = b.proc("f");
  VarRef g = b.local(f, "g", kBool), x = b.local(f, "x", kInt), y = b.local(f, "y", kInt);
  b.P(f).body = {
      b.assign(g, Expr::boolLit(false)), b.guarded(b.use(f, g), b.assign(x, I(1))),
      b.guarded(Expr::unary(Op::Not, Expr::boolLit(false)), b.assign(y, I(9))), // not a valid guard,
      b.guarded(Expr::boolLit(false), b.check(Expr::boolLit(false))),           // but evaluates fine
      b.guarded(Expr::boolLit(true), b.assign(y, I(2)))};
  Outcome o = Interpreter(b.prog).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[x.index].i == 0);
  CHECK(o.state.entryVars[y.index].i == 2);
  CHECK(writes(o) == std::vector<std::string>{"g = false", "y = 9", "y = 2"});
  CHECK(o.steps == 3);
}

TEST_CASE("while with break and continue") {
  // i := 0; s := 0; c := i < 10;
  // while c { i := i+1; odd := i%2 == 1; [odd] c := i < 10; [odd] continue; s := s+i; brk := i == 6;
  //           [brk] break; c := i < 10 }
  B b;
  uint32_t f = b.proc("f");
  VarRef i = b.local(f, "i", kInt), s = b.local(f, "s", kInt), c = b.local(f, "c", kBool);
  VarRef odd = b.local(f, "odd", kBool), brk = b.local(f, "brk", kBool);
  auto lt10 = [&] { return bin(Op::Lt, b.use(f, i), I(10)); };
  std::vector<Stmt> body = {b.assign(i, bin(Op::Add, b.use(f, i), I(1))),
                            b.assign(odd, bin(Op::Eq, bin(Op::Mod, b.use(f, i), I(2)), I(1))),
                            b.guarded(b.use(f, odd), b.assign(c, lt10())),
                            b.guarded(b.use(f, odd), b.s(Stmt::Continue)),
                            b.assign(s, bin(Op::Add, b.use(f, s), b.use(f, i))),
                            b.assign(brk, bin(Op::Eq, b.use(f, i), I(6))),
                            b.guarded(b.use(f, brk), b.s(Stmt::Break)),
                            b.assign(c, lt10())};
  b.P(f).body = {b.assign(c, lt10()), b.loop(b.use(f, c), body), b.assign(brk, Expr::boolLit(false))};
  Outcome o = Interpreter(b.prog).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[s.index].i == 2 + 4 + 6);
  CHECK(o.state.entryVars[i.index].i == 6);
  CHECK(S(o.state.entryVars[brk.index]) == "false"); // the statement after the loop ran
  // condition reads: the first one plus one after each of the 5 completed or continued iterations
  StmtId whileId = b.P(f).body[1].id;
  CHECK(std::count_if(o.trace.begin(), o.trace.end(), [&](auto &t) { return t.stmt == whileId; }) == 6);
  for (auto &t : o.trace)
    if (t.stmt == whileId)
      CHECK(!t.written);

  SUBCASE("loop ending by its condition") {
    b.P(f).body[1].body[5].value = Expr::boolLit(false); // never break
    Outcome o2 = Interpreter(b.prog).run(f);
    REQUIRE(o2.kind == OutcomeKind::Ok);
    CHECK(o2.state.entryVars[s.index].i == 2 + 4 + 6 + 8 + 10);
    CHECK(o2.state.entryVars[i.index].i == 10);
  }
}

namespace {
/// inc(a) returns result, requires a >= 0, ensures result == a + 1; body: result := a + delta.
/// main(x) returns result { result := inc(x) }.
struct IncProg {
  B b;
  uint32_t inc, main;
  VarRef a, ir, x, mr;
  explicit IncProg(int64_t delta) {
    inc = b.proc("inc");
    a = b.param(inc, "a", kInt);
    ir = b.result(inc, kInt);
    VarRef b0 = b.local(inc, "b0", kBool), b1 = b.local(inc, "b1", kBool);
    b.P(inc).pre = {b.assign(b0, bin(Op::Ge, b.use(inc, a), I(0))),
                    b.check(b.use(inc, b0), AssertKind::Requires, "a must be non-negative")};
    b.P(inc).body = {b.assign(ir, bin(Op::Add, b.use(inc, a), I(delta)))};
    b.P(inc).post = {b.assign(b1, bin(Op::Eq, b.use(inc, ir), bin(Op::Add, b.use(inc, a), I(1)))),
                     b.check(b.use(inc, b1), AssertKind::Ensures)};
    main = b.proc("main");
    x = b.param(main, "x", kInt);
    mr = b.result(main, kInt);
    b.P(main).body = {b.call(inc, {b.use(main, x)}, mr)};
  }
};
} // namespace

TEST_CASE("calls with results and contracts") {
  SUBCASE("ok") {
    IncProg p(1);
    Outcome o = Interpreter(p.b.prog).run(p.main, {Value::ofInt(3)});
    REQUIRE(o.kind == OutcomeKind::Ok);
    CHECK(o.result->i == 4);
    // call step at depth 0 carries the result write; callee steps at depth 1
    REQUIRE(o.trace.size() == 6);
    CHECK(o.trace[0].stmt == p.b.P(p.main).body[0].id);
    CHECK(*o.trace[0].written == "result = 4");
    CHECK(o.trace[1].depth == 1);
    CHECK(o.trace[1].proc == p.inc);
  }
  SUBCASE("requires violated at a call") {
    IncProg p(1);
    Outcome o = Interpreter(p.b.prog).run(p.main, {Value::ofInt(-1)});
    REQUIRE(o.kind == OutcomeKind::Failure);
    CHECK(o.failure == FailureKind::Requires);
    CHECK(o.proc == p.inc);
    CHECK(o.stmt == p.b.P(p.inc).pre[1].id);
    CHECK(o.loc.line == o.stmt);
    CHECK(o.message.find("precondition of 'inc'") != std::string::npos);
    CHECK(o.message.find("a must be non-negative") != std::string::npos);
    CHECK(o.state.callerProc == p.inc);
    CHECK(o.state.callerVars[p.a.index].i == -1);
    CHECK(o.state.entryVars[p.x.index].i == -1);
    CHECK(!o.result);
  }
  SUBCASE("requires violated by the inputs of the entry procedure") {
    IncProg p(1);
    Outcome o = Interpreter(p.b.prog).run(p.inc, {Value::ofInt(-5)});
    REQUIRE(o.kind == OutcomeKind::Failure);
    CHECK(o.failure == FailureKind::Requires);
    CHECK(o.message.find("the inputs violate the precondition of 'inc'") != std::string::npos);
    CHECK(o.state.callerProc == kNone);
    CHECK(o.state.entryVars[p.a.index].i == -5);
  }
  SUBCASE("ensures violated") {
    IncProg p(2);
    Outcome o = Interpreter(p.b.prog).run(p.main, {Value::ofInt(3)});
    REQUIRE(o.kind == OutcomeKind::Failure);
    CHECK(o.failure == FailureKind::Ensures);
    CHECK(o.stmt == p.b.P(p.inc).post[1].id);
    CHECK(o.message == "postcondition of 'inc' violated");
    CHECK(o.state.callerVars[p.ir.index].i == 5);
  }
  SUBCASE("argument checking") {
    IncProg p(1);
    Outcome o = Interpreter(p.b.prog).run(p.main, {});
    CHECK(o.kind == OutcomeKind::Error);
    CHECK(o.message == "'main' expects 1 argument, got 0");
    o = Interpreter(p.b.prog).run(p.main, {Value::ofBool(true)});
    CHECK(o.kind == OutcomeKind::Error);
    CHECK(o.message.find("must be an int") != std::string::npos);
    o = Interpreter(p.b.prog).run(99);
    CHECK(o.kind == OutcomeKind::Error);
  }
}

TEST_CASE("return, halt, skip, concrete, globals, tests") {
  B b;
  VarRef g = b.global("g", kInt);
  uint32_t h = b.proc("h");
  b.P(h).body = {b.assign(g, I(7)), b.s(Stmt::Halt), b.assign(g, I(8))};
  uint32_t early = b.proc("early");
  VarRef er = b.result(early, kInt);
  VarRef ok = b.local(early, "ok", kBool);
  b.P(early).body = {b.assign(er, I(1)), b.s(Stmt::Return), b.assign(er, I(2))};
  b.P(early).post = {b.assign(ok, bin(Op::Eq, b.use(early, er), I(1))),
                     b.check(b.use(early, ok), AssertKind::Ensures)};
  uint32_t t = b.proc("t", true);
  VarRef y = b.local(t, "y", kInt);
  b.P(t).body = {b.s(Stmt::Skip),
                 b.call(early, {}, y),
                 b.concrete({b.assign(g, bin(Op::Add, b.use(t, y), I(40)))}),
                 b.check(bin(Op::Eq, b.use(t, g), I(41))),
                 b.call(h, {}),
                 b.assign(y, I(100))};
  Outcome o = Interpreter(b.prog).run(t);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.globals[g.index].i == 7);   // halt inside h: nothing after it runs
  CHECK(o.state.entryVars[y.index].i == 1); // return skipped `er := 2`; the ensures held
  CHECK(o.stmt == b.P(h).body[1].id);
  CHECK(o.proc == h);

  b.P(t).body[3].value = bin(Op::Eq, b.use(t, g), I(0));
  o = Interpreter(b.prog).run(t);
  CHECK(o.kind == OutcomeKind::Failure);
  CHECK(o.failure == FailureKind::Assert);
  CHECK(o.message == "assertion failed");
}

TEST_CASE("null dereference") {
  B b;
  uint32_t node = b.record("Node", {{"next", Type::refType(0)}, {"val", kInt}});
  uint32_t f = b.proc("f");
  VarRef cur = b.local(f, "cur", Type::refType(node)), nx = b.local(f, "nx", Type::refType(node));
  b.P(f).body = {b.alloc(cur, node), b.get(nx, cur, 0), b.get(cur, nx, 0)};
  Outcome o = Interpreter(b.prog).run(f);
  REQUIRE(o.kind == OutcomeKind::Failure);
  CHECK(o.failure == FailureKind::NullDeref);
  CHECK(o.message == "null dereference: 'nx' is null in 'nx.next'");
  CHECK(o.stmt == b.P(f).body[2].id);
  CHECK(o.state.heap.size() == 1);
  CHECK(S(o.state.entryVars[cur.index]) == "n1");

  b.P(f).body = {b.put(cur, 1, I(3))};
  o = Interpreter(b.prog).run(f);
  CHECK(o.failure == FailureKind::NullDeref);
  CHECK(o.message == "null dereference: 'cur' is null in 'cur.val'");
}

TEST_CASE("division by zero and short-circuit") {
  B b;
  uint32_t f = b.proc("f");
  VarRef y = b.param(f, "y", kInt);
  VarRef c = b.local(f, "c", kBool), z = b.local(f, "z", kInt);
  b.P(f).body = {b.assign(c, bin(Op::And, bin(Op::Ne, b.use(f, y), I(0)),
                                 bin(Op::Gt, bin(Op::Div, I(10), b.use(f, y)), I(1)))),
                 b.assign(c, bin(Op::Or, bin(Op::Eq, b.use(f, y), I(0)),
                                 bin(Op::Gt, bin(Op::Mod, I(10), b.use(f, y)), I(1)))),
                 b.assign(c, bin(Op::Implies, bin(Op::Ne, b.use(f, y), I(0)),
                                 bin(Op::Gt, bin(Op::Div, I(10), b.use(f, y)), I(1)))),
                 b.assign(z, bin(Op::Div, I(10), b.use(f, y)))};
  Outcome o = Interpreter(b.prog).run(f, {Value::ofInt(0)});
  REQUIRE(o.kind == OutcomeKind::Failure);
  CHECK(o.failure == FailureKind::DivByZero);
  CHECK(o.stmt == b.P(f).body[3].id);
  CHECK(o.message == "division by zero in '10 / y'");
  o = Interpreter(b.prog).run(f, {Value::ofInt(3)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[z.index].i == 3);

  b.P(f).body = {b.assign(z, bin(Op::Mod, I(10), b.use(f, y)))};
  o = Interpreter(b.prog).run(f, {Value::ofInt(0)});
  CHECK(o.failure == FailureKind::DivByZero);
  CHECK(o.message == "remainder by zero in '10 % y'");
}

TEST_CASE("assume false is infeasible") {
  B b;
  uint32_t f = b.proc("f");
  VarRef x = b.param(f, "x", kInt);
  b.P(f).body = {b.assume(bin(Op::Gt, b.use(f, x), I(0))), b.check(Expr::boolLit(false))};
  Outcome o = Interpreter(b.prog).run(f, {Value::ofInt(0)});
  CHECK(o.kind == OutcomeKind::Infeasible);
  CHECK(o.stmt == b.P(f).body[0].id);
  CHECK(o.failure == FailureKind::None);
  o = Interpreter(b.prog).run(f, {Value::ofInt(1)});
  CHECK(o.kind == OutcomeKind::Failure);
}

TEST_CASE("step limit and call depth limit") {
  B b;
  uint32_t f = b.proc("f");
  b.P(f).body = {b.loop(Expr::boolLit(true), {b.s(Stmt::Skip)})};
  InterpOptions opts;
  opts.stepLimit = 1000;
  opts.traceLimit = 10;
  Outcome o = Interpreter(b.prog, opts).run(f);
  CHECK(o.kind == OutcomeKind::Limit);
  CHECK(o.steps == 1000);
  CHECK(o.message.find("step limit") != std::string::npos);
  CHECK(o.trace.size() == 10);
  CHECK(o.traceDropped == 990);

  // rec(n) { b := n > 0; [b] m := n - 1; [b] rec(m) }
  B r;
  uint32_t rec = r.proc("rec");
  VarRef n = r.param(rec, "n", kInt);
  VarRef bb = r.local(rec, "b", kBool), m = r.local(rec, "m", kInt);
  r.P(rec).body = {r.assign(bb, bin(Op::Gt, r.use(rec, n), I(0))),
                   r.guarded(r.use(rec, bb), r.assign(m, bin(Op::Sub, r.use(rec, n), I(1)))),
                   r.guarded(r.use(rec, bb), r.call(rec, {r.use(rec, m)}))};
  InterpOptions deep;
  deep.recordTrace = false;
  o = Interpreter(r.prog, deep).run(rec, {Value::ofInt(10000)});
  CHECK(o.kind == OutcomeKind::Ok); // 10000 nested calls: within the default limit
  o = Interpreter(r.prog, deep).run(rec, {Value::ofInt(10001)});
  CHECK(o.kind == OutcomeKind::Limit);
  CHECK(o.message.find("call depth") != std::string::npos);
  deep.callDepthLimit = 200000;
  deep.stepLimit = 10'000'000;
  o = Interpreter(r.prog, deep).run(rec, {Value::ofInt(150000)}); // explicit stack: no C++ recursion
  CHECK(o.kind == OutcomeKind::Ok);
}

TEST_CASE("integer modes: BV32 wraps, Math is exact beyond 64 bits") {
  B b;
  uint32_t f = b.proc("f");
  VarRef x = b.param(f, "x", kInt);
  VarRef y = b.local(f, "y", kInt), z = b.local(f, "z", kInt), w = b.local(f, "w", kInt);
  b.P(f).body = {b.assign(y, bin(Op::Add, I(2147483647), I(1))),
                 b.assign(z, bin(Op::Div, I(INT32_MIN), Expr::unary(Op::Neg, I(1)))),
                 b.assign(w, bin(Op::Mul, b.use(f, x), I(65536)))};
  InterpOptions bv;
  bv.ints = IntMode::BV32;
  Outcome o = Interpreter(b.prog, bv).run(f, {Value::ofInt(4294967296LL + 5)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[x.index].i == 5); // inputs wrapped
  CHECK(o.state.entryVars[y.index].i == INT32_MIN);
  CHECK(o.state.entryVars[z.index].i == INT32_MIN);
  CHECK(o.state.entryVars[w.index].i == 5 * 65536);
  o = Interpreter(b.prog, bv).run(f, {Value::ofInt(65536)});
  CHECK(o.state.entryVars[w.index].i == 0);

  o = Interpreter(b.prog).run(f, {Value::ofInt(65536)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[y.index].i == 2147483648LL);
  CHECK(o.state.entryVars[z.index].i == 2147483648LL);
  CHECK(o.state.entryVars[w.index].i == 65536LL * 65536);

  // Math: arbitrary precision (issue 11: 4294967296 * 4294967296 was a 64-bit overflow).
  b.P(f).body = {b.assign(y, bin(Op::Mul, b.use(f, x), b.use(f, x)))};
  o = Interpreter(b.prog).run(f, {Value::ofInt(int64_t(1) << 32)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[y.index].i == *BigInt::parse("18446744073709551616"));
  b.P(f).body = {b.assign(y, bin(Op::Div, b.use(f, x), I(-1)))};
  o = Interpreter(b.prog).run(f, {Value::ofInt(INT64_MIN)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[y.index].i == *BigInt::parse("9223372036854775808"));
  CHECK(o.state.entryVars[x.index].i == INT64_MIN);
  // Only values beyond kMaxIntBits are a limit: squaring 2^40 repeatedly.
  VarRef k = b.local(f, "k", kInt);
  VarRef c = b.local(f, "c", Type::boolType());
  Stmt loop = b.s(Stmt::While);
  loop.value = b.use(f, c);
  loop.body = {b.assign(y, bin(Op::Mul, b.use(f, y), b.use(f, y))),
               b.assign(k, bin(Op::Add, b.use(f, k), I(1)))};
  b.P(f).body = {b.assign(y, b.use(f, x)), b.assign(c, Expr::boolLit(true)), loop};
  o = Interpreter(b.prog).run(f, {Value::ofInt(int64_t(1) << 40)});
  CHECK(o.kind == OutcomeKind::Limit);
  CHECK(o.message.find("integer of more than 65536 bits") == 0);
}

TEST_CASE("nondet from values and from a seed") {
  B b;
  uint32_t node = b.record("Node", {{"next", Type::refType(0)}});
  uint32_t f = b.proc("f");
  VarRef x = b.local(f, "x", kInt), c = b.local(f, "c", kBool);
  VarRef n = b.local(f, "n", Type::refType(node)), p = b.local(f, "p", Type::refType(node));
  b.P(f).body = {b.alloc(n, node), b.alloc(n, node), b.nondet(x), b.nondet(c), b.nondet(p)};

  InterpOptions o1;
  o1.nondetValues = {Value::ofInt(7), Value::ofInt(1), Value::ofRef(1)};
  Outcome o = Interpreter(b.prog, o1).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(o.state.entryVars[x.index].i == 7);
  CHECK(S(o.state.entryVars[c.index]) == "true");
  CHECK(S(o.state.entryVars[p.index]) == "n1");
  CHECK(writes(o) == std::vector<std::string>{"n = n1", "n = n2", "x = 7", "c = true", "p = n1"});

  o1.nondetValues = {Value::ofInt(7), Value::ofBool(false), Value::ofRef(3)};
  o = Interpreter(b.prog, o1).run(f);
  CHECK(o.kind == OutcomeKind::Error);
  CHECK(o.stmt == b.P(f).body[4].id);
  CHECK(o.message.find("not an allocated node") != std::string::npos);

  o1.nondetValues = {Value::ofInt(7), Value::ofInt(2)};
  o = Interpreter(b.prog, o1).run(f);
  CHECK(o.kind == OutcomeKind::Error);
  CHECK(o.message.find("is not a bool") != std::string::npos);

  o1.nondetValues = {Value::ofInt(7)};
  o = Interpreter(b.prog, o1).run(f);
  CHECK(o.kind == OutcomeKind::Error);
  CHECK(o.message == "nondet value needed but no inputs left (use --nondet or --seed)");

  // values first, then the seed
  o1.seed = 42;
  Outcome a = Interpreter(b.prog, o1).run(f);
  Outcome a2 = Interpreter(b.prog, o1).run(f);
  REQUIRE(a.kind == OutcomeKind::Ok);
  CHECK(a.state.entryVars[x.index].i == 7);
  CHECK((a.state.entryVars == a2.state.entryVars));

  // many seeds: deterministic, small ints, every ref choice among null/n1/n2
  bool sawNull = false, sawN1 = false, sawN2 = false, sawTrue = false, sawFalse = false;
  InterpOptions o2;
  for (uint64_t seed = 0; seed < 64; ++seed) {
    o2.seed = seed;
    Outcome s1 = Interpreter(b.prog, o2).run(f), s2 = Interpreter(b.prog, o2).run(f);
    REQUIRE(s1.kind == OutcomeKind::Ok);
    CHECK((s1.state.entryVars == s2.state.entryVars));
    int64_t v = *s1.state.entryVars[x.index].i.toInt64();
    CHECK(((v >= -8 && v <= 8) || v == INT32_MIN || v == INT32_MAX || v == 1000 || v == -1000));
    uint32_t pn = s1.state.entryVars[p.index].node;
    CHECK(pn <= 2);
    sawNull |= pn == 0, sawN1 |= pn == 1, sawN2 |= pn == 2;
    (!s1.state.entryVars[c.index].i.isZero() ? sawTrue : sawFalse) = true;
  }
  CHECK(sawNull);
  CHECK(sawN1);
  CHECK(sawN2);
  CHECK(sawTrue);
  CHECK(sawFalse);
}

TEST_CASE("doubly-linked list: build three nodes, reverse, check fields") {
  B b;
  uint32_t node = b.record("Node", {{"next", Type::refType(0)}, {"prev", Type::refType(0)}, {"val", kInt}});
  const uint32_t NEXT = 0, PREV = 1, VAL = 2;
  Type ref = Type::refType(node);
  uint32_t build = b.proc("build");
  VarRef head = b.result(build, ref);
  VarRef a = b.local(build, "a", ref), bn = b.local(build, "b", ref), c = b.local(build, "c", ref);
  b.P(build).body = {b.alloc(a, node),
                     b.alloc(bn, node),
                     b.alloc(c, node),
                     b.put(a, VAL, I(1)),
                     b.put(bn, VAL, I(2)),
                     b.put(c, VAL, I(3)),
                     b.put(a, NEXT, b.use(build, bn)),
                     b.put(bn, PREV, b.use(build, a)),
                     b.put(bn, NEXT, b.use(build, c)),
                     b.put(c, PREV, b.use(build, bn)),
                     b.assign(head, b.use(build, a))};
  // reverse(h): cur := h; k := cur != null; while k { t := cur.prev; nx := cur.next; cur.prev := nx;
  //   cur.next := t; r := cur; cur := nx; k := cur != null }
  uint32_t rev = b.proc("reverse");
  VarRef h = b.param(rev, "h", ref);
  VarRef r = b.result(rev, ref);
  VarRef cur = b.local(rev, "cur", ref), t = b.local(rev, "t", ref), nx = b.local(rev, "nx", ref);
  VarRef k = b.local(rev, "k", kBool);
  auto notNull = [&] { return bin(Op::Ne, b.use(rev, cur), Expr::nullLit()); };
  b.P(rev).body = {
      b.assign(cur, b.use(rev, h)), b.assign(k, notNull()),
      b.loop(b.use(rev, k), {b.get(t, cur, PREV), b.get(nx, cur, NEXT), b.put(cur, PREV, b.use(rev, nx)),
                             b.put(cur, NEXT, b.use(rev, t)), b.assign(r, b.use(rev, cur)),
                             b.assign(cur, b.use(rev, nx)), b.assign(k, notNull())})};
  uint32_t main = b.proc("main");
  VarRef l = b.local(main, "l", ref), l2 = b.local(main, "l2", ref);
  b.P(main).body = {b.call(build, {}, l), b.call(rev, {b.use(main, l)}, l2)};

  Outcome o = Interpreter(b.prog).run(main);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(S(o.state.entryVars[l.index]) == "n1");
  CHECK(S(o.state.entryVars[l2.index]) == "n3");
  REQUIRE(o.state.heap.size() == 3);
  const auto &H = o.state.heap;
  CHECK(H[0].record == node);
  CHECK(H[0].allocatedBy == b.P(build).body[0].id);
  CHECK(H[2].allocatedBy == b.P(build).body[2].id);
  CHECK(S(H[0].fields[NEXT]) == "null");
  CHECK(S(H[0].fields[PREV]) == "n2");
  CHECK(S(H[1].fields[NEXT]) == "n1");
  CHECK(S(H[1].fields[PREV]) == "n3");
  CHECK(S(H[2].fields[NEXT]) == "n2");
  CHECK(S(H[2].fields[PREV]) == "null");
  for (int i = 0; i < 3; ++i)
    CHECK(H[i].fields[VAL].i == i + 1);

  std::vector<std::string> w = writes(o);
  CHECK(std::find(w.begin(), w.end(), "n2.prev = n1") != w.end());
  CHECK(std::find(w.begin(), w.end(), "n1.next = n2") != w.end());
  CHECK(std::find(w.begin(), w.end(), "l = n1") != w.end());
  // a call's step comes before the callee's steps; its write is filled in at the return
  CHECK(w.front() == "l = n1");
  CHECK(w[1] == "a = n1");
  auto call2 = std::find_if(o.trace.begin(), o.trace.end(),
                            [&](const TraceStep &ts) { return ts.stmt == b.P(main).body[1].id; });
  REQUIRE(call2 != o.trace.end());
  CHECK(call2->depth == 0);
  CHECK(*call2->written == "l2 = n3");
  CHECK(o.trace.back().depth == 1);
  CHECK(o.trace.back().stmt == b.P(rev).body[2].id); // the final (false) loop condition read
  CHECK(!o.trace.back().written);
  CHECK(w.back() == "k = false");
}

TEST_CASE("input heap: nodes before the run, arguments pointing into it, validation") {
  B b;
  uint32_t node = b.record("Node", {{"next", Type::refType(0)}, {"val", kInt}});
  Type ref = Type::refType(node);
  uint32_t f = b.proc("second");
  VarRef h = b.param(f, "h", ref);
  VarRef r = b.result(f, kInt);
  VarRef t = b.local(f, "t", ref), u = b.local(f, "u", ref);
  b.P(f).body = {b.get(t, h, 0), b.get(r, t, 1), b.alloc(u, node)};

  auto mk = [](std::vector<Value> fields) { return HeapNode{0, std::move(fields), 0, {}, 0, {}, {}}; };
  InterpOptions o;
  o.initialHeap = {mk({Value::ofRef(2), Value::ofInt(5)}), mk({Value::ofRef(0), Value::ofInt(7)})};
  Outcome out = Interpreter(b.prog, o).run(f, {Value::ofRef(1)});
  REQUIRE(out.kind == OutcomeKind::Ok);
  CHECK(out.result->i == 7);
  REQUIRE(out.state.heap.size() == 3); // the two input nodes, then the allocated one (n3)
  CHECK(out.state.heap[0].allocatedBy == 0);
  CHECK(out.state.heap[2].allocatedBy != 0);
  CHECK(toString(out.state.entryVars[u.index]) == "n3");

  // From n2, whose next is null: a null dereference.
  CHECK(Interpreter(b.prog, o).run(f, {Value::ofRef(2)}).failure == FailureKind::NullDeref);
  // An argument beyond the input heap, a field of the wrong kind, a dangling reference: input errors.
  CHECK(Interpreter(b.prog, o).run(f, {Value::ofRef(3)}).kind == OutcomeKind::Error);
  InterpOptions bad = o;
  bad.initialHeap[0].fields[1] = Value::ofRef(1);
  CHECK(Interpreter(b.prog, bad).run(f, {Value::ofRef(1)}).kind == OutcomeKind::Error);
  bad = o;
  bad.initialHeap[1].fields[0] = Value::ofRef(9);
  CHECK(Interpreter(b.prog, bad).run(f, {Value::ofRef(1)}).kind == OutcomeKind::Error);
  bad = o;
  bad.initialHeap[1].fields.pop_back();
  CHECK(Interpreter(b.prog, bad).run(f, {Value::ofRef(1)}).kind == OutcomeKind::Error);
  // Without an input heap, a reference argument must be null.
  CHECK(Interpreter(b.prog, {}).run(f, {Value::ofRef(1)}).kind == OutcomeKind::Error);
}
