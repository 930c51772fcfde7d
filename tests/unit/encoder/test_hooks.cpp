// The step equation's hooks for what comes after localization: overrides (repair holes and templates, the
// same symbols in every instance), insertion slots, the partial-program mode, per-instance selectors; and
// the shape of the equation itself (data soft, control hard).
#include "helpers.h"

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

/// A solver for the first API backend with `enc` asserted (selectors true) and a real failure required.
struct Fixture {
  backends::TermManager tm;
  std::unique_ptr<backends::Solver> s;
  Fixture() {
    backends::MakeSolverResult made = backends::makeSolver(apiSolvers().front(), tm);
    REQUIRE(made);
    s = std::move(made.solver);
  }
};

const char *kMax = R"(
proc max(x: int, y: int) returns (r: int)
{
  r := x;
  if (y > x) {
    r := x;
  }
  assert r >= x and r >= y;
}
)";

ir::StmtId idOfLine(const ir::Program &prog, uint32_t line, ir::Stmt::Kind kind) {
  ir::StmtId found = 0;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.loc.line == line && s.kind == kind)
      found = s.id;
  });
  REQUIRE(found != 0);
  return found;
}

} // namespace

TEST_CASE("an override replaces a statement's value; a selector-chosen hole finds the fix") {
  ir::Program prog = compile(kMax);
  uint32_t entry = prog.procIndex("max");
  ir::StmtId bug = idOfLine(prog, 6, ir::Stmt::Assign);
  const ir::Procedure &p = prog.procs[entry];
  ir::VarRef x{false, p.varIndex("x")}, y{false, p.varIndex("y")};
  {
    Fixture f;
    EncodeOptions eo;
    eo.overrides[{bug, Part::Value}] = [&](const OverrideContext &c) { return c.var(y); };
    Encoding enc = encode(prog, entry, f.tm, eo);
    enc.assertTo(*f.s);
    CHECK(f.s->check({enc.realFailure}).isUnsat()); // r := y is the fix
  }
  {
    Fixture f;
    Term h = f.tm.mkVar("hole", f.tm.boolSort());
    EncodeOptions eo;
    eo.overrides[{bug, Part::Value}] = [&](const OverrideContext &c) {
      return f.tm.mkIte(h, c.var(x), c.var(y));
    };
    Encoding enc = encode(prog, entry, f.tm, eo);
    enc.assertTo(*f.s);
    // the hole's choice must hold for every input: with h = x a failure exists, with h = y none
    CHECK(f.s->check({enc.realFailure, h}).isSat());
    CHECK(f.s->check({enc.realFailure, f.tm.mkNot(h)}).isUnsat());
  }
}

TEST_CASE("an override is the same symbols in every loop iteration") {
  ir::Program prog = compile(R"(
proc main() {
  var s: int; var i: int;
  s := 0; i := 0;
  while (i < 3) {
    s := s + i;
    i := i + 1;
  }
  assert s != 9;
}
)");
  uint32_t entry = prog.procIndex("main");
  ir::StmtId body = idOfLine(prog, 6, ir::Stmt::Assign);
  const ir::Procedure &p = prog.procs[entry];
  ir::VarRef s{false, p.varIndex("s")}, i{false, p.varIndex("i")};
  Fixture f;
  Term k = f.tm.mkVar("k", f.tm.intSort());
  EncodeOptions eo;
  eo.overrides[{body, Part::Value}] = [&](const OverrideContext &c) {
    return f.tm.mkApp(backends::Op::Add, c.var(s), f.tm.mkApp(backends::Op::Mul, k, c.var(i)));
  };
  Encoding enc = encode(prog, entry, f.tm, eo);
  enc.assertTo(*f.s);
  // s = k·(0 + 1 + 2) = 9 only for k = 3: one k for all iterations (per-iteration symbols would allow more)
  REQUIRE(f.s->check({enc.realFailure}).isSat());
  CHECK(f.s->value(k).integer == "3");
  CHECK(f.s->check({enc.realFailure, f.tm.mkNot(f.tm.mkEq(k, f.tm.mkInt(3)))}).isUnsat());
}

TEST_CASE("an insertion slot runs only when activated") {
  ir::Program prog = compile(R"(
proc f(x: int) returns (r: int)
{
  r := 0;
  assert r == x + 1;
}
)");
  uint32_t entry = prog.procIndex("f");
  const ir::Procedure &p = prog.procs[entry];
  ir::StmtId first = idOfLine(prog, 4, ir::Stmt::Assign);
  Fixture fx;
  Slot slot;
  slot.anchor = first;
  slot.after = true;
  slot.stmt.kind = ir::Stmt::Assign;
  slot.stmt.id = prog.maxStmtId() + 1;
  slot.stmt.lhs = ir::VarRef{false, p.varIndex("r")};
  slot.stmt.value =
      ir::Expr::binary(ir::Op::Add, ir::Expr::varUse(ir::VarRef{false, p.varIndex("x")}, ir::Type::intType()),
                       ir::Expr::intLit(1));
  slot.active = fx.tm.mkVar("ins", fx.tm.boolSort());
  EncodeOptions eo;
  eo.slots.push_back(slot);
  Encoding enc = encode(prog, entry, fx.tm, eo);
  enc.assertTo(*fx.s);
  CHECK(fx.s->check({enc.realFailure, fx.tm.mkNot(slot.active)}).isSat()); // off: the program as it is
  CHECK(fx.s->check({enc.realFailure, slot.active}).isUnsat());            // on: the missing statement
  // A slot with a compound statement is refused.
  slot.stmt.kind = ir::Stmt::While;
  EncodeOptions bad;
  bad.slots.push_back(slot);
  CHECK_THROWS_AS(encode(prog, entry, fx.tm, bad), std::invalid_argument);
}

TEST_CASE("an insertion slot may hold a call, whose callee runs only when the slot does") {
  // g checks its argument and loops x - 5 times (a bound failure beyond the unwinding bound of 2): none of
  // that may happen where the slot is off.
  ir::Program prog = compile(R"(
proc g(x: int) returns (r: int)
{
  var i: int;
  assert x > 5;
  i := 0;
  while (i < x - 5) {
    i := i + 1;
  }
  r := x + 1;
}

proc f(x: int) returns (r: int)
{
  r := 0;
  assert r == 0 or r == x + 1;
}
)");
  uint32_t entry = prog.procIndex("f");
  const ir::Procedure &p = prog.procs[entry];
  ir::VarRef x{false, p.varIndex("x")}, r{false, p.varIndex("r")};
  Fixture fx;
  Slot slot;
  slot.anchor = idOfLine(prog, 15, ir::Stmt::Assign);
  slot.after = true;
  slot.stmt.kind = ir::Stmt::Call;
  slot.stmt.id = prog.maxStmtId() + 1;
  slot.stmt.callee = prog.procIndex("g");
  slot.stmt.lhs = r;
  slot.stmt.args = {ir::Expr::varUse(x, ir::Type::intType())};
  slot.active = fx.tm.mkVar("call", fx.tm.boolSort());
  EncodeOptions eo;
  eo.unwind = 2;
  eo.slots.push_back(slot);
  Encoding enc = encode(prog, entry, fx.tm, eo);
  enc.assertTo(*fx.s);
  backends::Term off = fx.tm.mkNot(slot.active);
  CHECK(fx.s->check({enc.realFailure, off}).isUnsat());        // off: g's assert does not apply
  CHECK(fx.s->check({enc.boundFailure, off}).isUnsat());       // nor its loop's bound
  CHECK(fx.s->check({enc.realFailure, slot.active}).isSat());  // on: x <= 5 fails g's assert
  CHECK(fx.s->check({enc.boundFailure, slot.active}).isSat()); // x >= 8 runs past g's bound
  // On, within g's assert and bound, r is g's result: the program's assert holds.
  CHECK(fx.s->check({enc.realFailure, fx.tm.mkNot(enc.boundFailure), slot.active,
                     fx.tm.mkApp(backends::Op::Gt, enc.args.at(0), fx.tm.mkInt(5))})
            .isUnsat());
}

TEST_CASE("the partial-program mode encodes only the given statements") {
  // Jin & Orso's Fig. 2 on y = 0: with only the then-branch of `if (y < 5)` encoded, flipping the condition
  // skips the assignment to b (OFC's first iteration: {5} is a correction set); with both, it does not.
  ir::Program prog = compile(R"(
proc f(x: int, y: int) returns (b: int)
{
  var a: int;
  if (x >= 0) { a := x; } else { a := -x; }
  if (y < 5) { b := a + 1; } else { b := a + 2; }
  assert b <= a;
}
)");
  uint32_t entry = prog.procIndex("f");
  ir::StmtId cond = 0, elseAssign = 0;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.loc.line == 6 && s.kind == ir::Stmt::Assign && s.guard.isTrue() && !cond)
      cond = s.id;
    if (s.loc.line == 6 && s.kind == ir::Stmt::Assign && s.value.kind == ir::Expr::Binary &&
        s.value.op == ir::Op::Add && s.value.args[1].value == 2)
      elseAssign = s.id;
  });
  REQUIRE(cond != 0);
  REQUIRE(elseAssign != 0);
  std::unordered_set<ir::StmtId> all, trace;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    all.insert(s.id);
    if (s.id != elseAssign)
      trace.insert(s.id);
  });
  for (bool partial : {true, false}) {
    Fixture fx;
    EncodeOptions eo;
    eo.fixedArgs = std::vector<ir::Value>{ir::Value::ofInt(0), ir::Value::ofInt(0)};
    eo.relaxValues = true;
    eo.onlyStmts = partial ? trace : all;
    Encoding enc = encode(prog, entry, fx.tm, eo);
    enc.assertTo(*fx.s, true);
    fx.s->assertFormula(fx.tm.mkNot(enc.realFailure));
    std::vector<Term> assume;
    for (Term sel : enc.selectors())
      if (fx.tm.data(sel).value != "sel!v!" + std::to_string(cond))
        assume.push_back(sel);
    CHECK(fx.s->check(assume).isSat() == partial);
  }
}

TEST_CASE("selectors per statement or per instance; values soft, control hard") {
  ir::Program prog = compile(R"(
proc main() {
  var s: int; var i: int;
  s := 0; i := 0;
  while (i < 3) { s := s + 2; i := i + 1; }
  assert s == 6;
}
)");
  uint32_t entry = prog.procIndex("main");
  ir::StmtId body = idOfLine(prog, 5, ir::Stmt::Assign);
  for (SelectorScope scope : {SelectorScope::Statement, SelectorScope::Instance}) {
    backends::TermManager tm;
    EncodeOptions eo;
    eo.relaxValues = true;
    eo.selectorScope = scope;
    eo.unwind = 3; // relaxed, i is no constant: the loop unrolls to the bound
    Encoding enc = encode(prog, entry, tm, eo);
    std::set<uint32_t> sels, instances;
    for (const Step &st : enc.steps) {
      if (st.stmt == body && st.part == Part::Value) {
        sels.insert(st.selector.id);
        instances.insert(st.instance);
      }
      CHECK(st.selector.isNull() == !isRelaxable(st.part)); // only value/guard steps carry selectors
    }
    CHECK(instances.size() == 3); // one value step per iteration, each in its own context
    CHECK(sels.size() == (scope == SelectorScope::Statement ? 1u : 3u));
    for (uint32_t inst : instances) {
      ir::ContextPath path = enc.contexts.path(inst);
      REQUIRE(path.size() == 1);
      CHECK(enc.contexts.find(path) == inst);
    }
  }
}

TEST_CASE("assertTo counts the steps it asserts: all of them with everything, the cone without") {
  ir::Program prog = compile(kMax);
  uint32_t entry = prog.procIndex("max");
  Fixture all, cone;
  Encoding enc = encode(prog, entry, all.tm, EncodeOptions{});
  REQUIRE(!enc.steps.empty());
  CHECK(enc.assertTo(*all.s, false, true) == enc.steps.size());
  // the cone of the checks: every step of max matters to its assertion (r, x, y and the branch)
  Encoding enc2 = encode(prog, entry, cone.tm, EncodeOptions{});
  size_t inCone = enc2.assertTo(*cone.s);
  CHECK(inCone > 0);
  CHECK(inCone <= enc2.steps.size());
}
