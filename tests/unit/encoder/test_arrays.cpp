// Arrays in the encoding (README.md, "Arrays"): verdicts on hand-built programs on every API solver and in
// both integer modes, each counterexample replayed by verify (a replay that disagrees is a Mismatch, which
// fails these tests): bounds and null failures, lengths, nondet contents and their element domains, input
// arrays, global arrays, fixed contents.
#include "../ir/ir_builder.h"
#include "helpers.h"

#include "ir/validate.h"

using namespace locus;
using namespace locus::ir::testing;
using ir::Expr;
using ir::Op;
using ir::Stmt;
using ir::Type;
using ir::VarRef;
using locus::encoder::testing::apiSolvers;

namespace {

const Type kI32 = Type::fixedInt(32, true);
const Type kArr = Type::arrayOf(kI32);

encoder::VerifyResult check(const ir::Program &prog, uint32_t entry, const std::string &solver,
                            ir::IntMode ints, uint32_t inputNodes = 0, uint32_t unwind = 5) {
  REQUIRE(ir::validate(prog).empty());
  encoder::VerifyOptions vo;
  vo.solver = solver;
  vo.encode.ints = ints;
  vo.encode.unwind = unwind;
  vo.encode.inputNodes = inputNodes;
  vo.timeoutMs = 60000;
  encoder::VerifyResult r = encoder::verify(prog, entry, vo);
  INFO(solver << (ints == ir::IntMode::BV32 ? " bv32" : " math") << ": " << encoder::verdictName(r.verdict)
              << " " << r.reason << " (" << r.constraints << " constraints, " << r.checks
              << " checks, encode " << r.encodeSeconds << " s, solve " << r.solveSeconds << " s)");
  if (std::getenv("LOCUS_TEST_VERBOSE"))
    MESSAGE(solver << ": " << r.constraints << " constraints, " << r.checks << " checks, encode "
                   << r.encodeSeconds << " s, assert " << r.solverAssertSeconds << " s, solve "
                   << r.solveSeconds << " s");
  CHECK(r.verdict != encoder::Verdict::Mismatch);
  return r;
}

/// Checks the verdict on every API solver in both integer modes; a Failed verdict must be the check kind.
void expect(const ir::Program &prog, uint32_t entry, encoder::Verdict want, const char *kind = nullptr,
            uint32_t inputNodes = 0) {
  for (const std::string &solver : apiSolvers())
    for (ir::IntMode ints : {ir::IntMode::Math, ir::IntMode::BV32}) {
      encoder::VerifyResult r = check(prog, entry, solver, ints, inputNodes);
      INFO(solver << (ints == ir::IntMode::BV32 ? " bv32" : " math") << ": "
                  << encoder::verdictName(r.verdict) << " " << r.reason);
      CHECK(r.verdict == want);
      if (kind && r.check)
        CHECK(std::string(encoder::checkName(r.check->kind)) == kind);
    }
}

Expr i32(int64_t v) {
  return Expr::intLit(v, kI32);
}

} // namespace

TEST_CASE("encoder arrays: a write is read back; other elements keep their value") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), x = b.local(f, "x", kInt), t = b.local(f, "t", kI32),
         u = b.local(f, "u", kI32);
  b.P(f).body = {b.newArray(a, I(4)),
                 b.nondet(x),
                 b.assume(bin(Op::And, bin(Op::Ge, b.use(f, x), I(0)), bin(Op::Lt, b.use(f, x), I(3)))),
                 b.putElem(a, b.use(f, x), i32(7)),
                 b.getElem(t, a, b.use(f, x)),
                 b.getElem(u, a, bin(Op::Add, b.use(f, x), I(1))),
                 b.check(bin(Op::And, bin(Op::Eq, b.use(f, t), i32(7)), bin(Op::Eq, b.use(f, u), i32(0))))};
  expect(b.prog, f, encoder::Verdict::Safe);
  // with x < 4 the read at x + 1 = 4 is out of bounds
  b.P(f).body[2] = b.assume(bin(Op::And, bin(Op::Ge, b.use(f, x), I(0)), bin(Op::Lt, b.use(f, x), I(4))));
  expect(b.prog, f, encoder::Verdict::Failed, "bounds");
}

TEST_CASE("encoder arrays: null arrays, negative lengths, lengths") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), x = b.local(f, "x", kInt), t = b.local(f, "t", kI32),
         n = b.local(f, "n", Type::fixedInt(8, false));
  b.P(f).body = {b.nondet(x), b.guarded(Expr::boolLit(true), b.getElem(t, a, I(0)))};
  expect(b.prog, f, encoder::Verdict::Failed, "null-deref");
  b.P(f).body = {b.nondet(x), b.newArray(a, b.use(f, x))};
  expect(b.prog, f, encoder::Verdict::Failed, "bounds");
  b.P(f).body = {b.newArray(a, I(300)), b.length(n, a),
                 b.check(bin(Op::Eq, b.use(f, n), Expr::intLit(44, Type::fixedInt(8, false))))};
  expect(b.prog, f, encoder::Verdict::Safe);
  b.P(f).body = {b.length(n, a)};
  expect(b.prog, f, encoder::Verdict::Failed, "null-deref");
}

TEST_CASE("encoder arrays: nondet contents are any values of the element type, replayed") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), x = b.local(f, "x", kInt), t = b.local(f, "t", kI32);
  auto inRange = [&](int64_t lo, int64_t hi) {
    return bin(Op::And, bin(Op::Ge, b.use(f, x), I(lo)), bin(Op::Lt, b.use(f, x), I(hi)));
  };
  b.P(f).body = {b.newArray(a, I(8), true), b.nondet(x), b.assume(inRange(0, 8)),
                 b.getElem(t, a, b.use(f, x)), b.check(bin(Op::Ne, b.use(f, t), i32(42)))};
  expect(b.prog, f, encoder::Verdict::Failed, "assert"); // the replay gets the contents read
  // an int32 element is within int32 (math mode: the domain constraint of the contents)
  b.P(f).body[4] = b.check(bin(Op::Le, Expr::cast(kInt, b.use(f, t)), I(2147483647)));
  expect(b.prog, f, encoder::Verdict::Safe);
  // two reads of one element agree; a written element is the value written
  VarRef u = b.local(f, "u", kI32);
  b.P(f).body = {b.newArray(a, I(8), true),
                 b.nondet(x),
                 b.assume(inRange(0, 8)),
                 b.getElem(t, a, b.use(f, x)),
                 b.getElem(u, a, b.use(f, x)),
                 b.check(bin(Op::Eq, b.use(f, t), b.use(f, u))),
                 b.putElem(a, I(3), i32(-5)),
                 b.getElem(u, a, I(3)),
                 b.check(bin(Op::Eq, b.use(f, u), i32(-5)))};
  expect(b.prog, f, encoder::Verdict::Safe);
}

TEST_CASE("encoder arrays: nondet contents of references are null or older nodes") {
  B b;
  uint32_t node = b.record("Node", {{"val", kInt}});
  uint32_t f = b.proc("f");
  Type nt = Type::refType(node);
  VarRef p = b.local(f, "p", nt), a = b.local(f, "a", Type::arrayOf(nt)), q = b.local(f, "q", nt),
         r = b.local(f, "r", nt);
  b.P(f).body = {
      b.alloc(p, node), b.newArray(a, I(2), true), b.getElem(q, a, I(1)), b.alloc(r, node),
      b.check(bin(Op::Or, bin(Op::Eq, b.use(f, q), Expr::nullLit()), bin(Op::Eq, b.use(f, q), b.use(f, p))))};
  expect(b.prog, f, encoder::Verdict::Safe);
  b.P(f).body[4] = b.check(bin(Op::Eq, b.use(f, q), Expr::nullLit()));
  expect(b.prog, f, encoder::Verdict::Failed, "assert");
}

TEST_CASE("encoder arrays: input arrays of free length and contents") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.param(f, "a", kArr);
  VarRef n = b.local(f, "n", kInt), t = b.local(f, "t", kI32);
  Stmt nonNull = b.assume(bin(Op::Ne, b.use(f, a), Expr::nullLit()));
  b.P(f).body = {nonNull, b.length(n, a), b.assume(bin(Op::Gt, b.use(f, n), I(2))), b.getElem(t, a, I(2)),
                 b.check(bin(Op::Ne, b.use(f, t), i32(7)))};
  expect(b.prog, f, encoder::Verdict::Failed, "assert", 2);
  // without input nodes the array is null
  b.P(f).body.erase(b.P(f).body.begin());
  expect(b.prog, f, encoder::Verdict::Failed, "null-deref", 0);
  // lengths are at most EncodeOptions::inputArrayLength (8)
  b.P(f).body = {nonNull, b.length(n, a), b.check(bin(Op::Le, b.use(f, n), I(8)))};
  expect(b.prog, f, encoder::Verdict::Safe, nullptr, 1);
  b.P(f).body = {nonNull, b.length(n, a), b.check(bin(Op::Le, b.use(f, n), I(7)))};
  expect(b.prog, f, encoder::Verdict::Failed, "assert", 1);
}

TEST_CASE("encoder arrays: a global array exists from the start, for every entry") {
  B b;
  VarRef g = b.global("g", kArr);
  b.prog.globals[g.index].alloc = 3;
  uint32_t f = b.proc("f");
  VarRef n = b.local(f, "n", kInt), t = b.local(f, "t", kI32);
  b.P(f).body = {b.length(n, g),
                 b.putElem(g, I(1), i32(5)),
                 b.getElem(t, g, I(1)),
                 b.check(bin(Op::And, bin(Op::Eq, b.use(f, n), I(3)), bin(Op::Eq, b.use(f, t), i32(5)))),
                 b.getElem(t, g, I(2)),
                 b.check(bin(Op::Eq, b.use(f, t), i32(0))),
                 b.getElem(t, g, I(3))};
  expect(b.prog, f, encoder::Verdict::Failed, "bounds");
}

TEST_CASE("encoder arrays: a loop over a large array unrolls with constant indices") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), i = b.local(f, "i", kInt), c = b.local(f, "c", kBool),
         t = b.local(f, "t", kI32);
  Stmt loop = b.loop(b.use(f, c), {b.putElem(a, b.use(f, i), Expr::cast(kI32, b.use(f, i))),
                                   b.assign(i, bin(Op::Add, b.use(f, i), I(1))),
                                   b.assign(c, bin(Op::Lt, b.use(f, i), I(1000)))});
  loop.unwind = 1000;
  b.P(f).body = {b.newArray(a, I(1000)), b.assign(c, bin(Op::Lt, b.use(f, i), I(1000))), loop,
                 b.getElem(t, a, I(999)), b.check(bin(Op::Eq, b.use(f, t), i32(999)))};
  for (const std::string &solver : apiSolvers())
    CHECK(check(b.prog, f, solver, ir::IntMode::Math).verdict == encoder::Verdict::Safe);
  b.P(f).body.back() = b.check(bin(Op::Eq, b.use(f, t), i32(998)));
  for (const std::string &solver : apiSolvers())
    CHECK(check(b.prog, f, solver, ir::IntMode::BV32).verdict == encoder::Verdict::Failed);
}

TEST_CASE("encoder arrays: fixed contents (a replay's image) pin the elements read") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), t = b.local(f, "t", kI32), u = b.local(f, "u", kI32);
  b.P(f).body = {b.newArray(a, I(4), true), b.getElem(t, a, I(1)), b.getElem(u, a, I(2))};
  REQUIRE(ir::validate(b.prog).empty());
  auto img = std::make_shared<ir::ArrayImage>();
  img->fill = ir::Value::ofInt(3);
  img->at = {{1, ir::Value::ofInt(9)}};
  for (const std::string &solver : apiSolvers()) {
    backends::TermManager tm;
    backends::MakeSolverResult made = backends::makeSolver(solver, tm);
    REQUIRE(made);
    encoder::EncodeOptions eo;
    eo.fixedNondets = std::vector<ir::Value>{ir::Value::ofImage(img)};
    encoder::Encoding enc = encoder::encode(b.prog, f, tm, eo);
    enc.assertTo(*made.solver, false, true);
    REQUIRE(made.solver->check().isSat());
    const ir::Procedure &p = b.prog.procs[f];
    CHECK(encoder::modelValue(made.solver->value(enc.finalEntryVars[t.index]), p.vars[t.index].type)->i == 9);
    CHECK(encoder::modelValue(made.solver->value(enc.finalEntryVars[u.index]), p.vars[u.index].type)->i == 3);
    encoder::Counterexample cx = encoder::extractCounterexample(enc, *made.solver, b.prog);
    REQUIRE(cx.nondets.size() == 1);
    CHECK(ir::toString(cx.nondets[0]) == "{fill 0, 1: 9, 2: 3}");
    // a scalar value where contents are expected: infeasible
    eo.fixedNondets = std::vector<ir::Value>{ir::Value::ofInt(1)};
    backends::TermManager tm2;
    backends::MakeSolverResult made2 = backends::makeSolver(solver, tm2);
    encoder::Encoding enc2 = encoder::encode(b.prog, f, tm2, eo);
    enc2.assertTo(*made2.solver, false, true);
    CHECK(made2.solver->check().isUnsat());
  }
}
