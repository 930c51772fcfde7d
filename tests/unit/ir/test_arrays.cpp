// Unit tests for arrays in the reference interpreter (ir/README.md, "Arrays"): allocation, element reads and
// writes, bounds and null failures, lengths, nondet contents (given and seeded), global arrays, input arrays.
#include "ir/interp.h"
#include "ir/validate.h"
#include "ir_builder.h"

#include <doctest/doctest.h>

using namespace locus::ir;
using namespace locus::ir::testing;

namespace {

const Type kI32 = Type::fixedInt(32, true);
const Type kArr = Type::arrayOf(kI32);

void valid(const Program &p) {
  std::vector<ValidationError> errs = validate(p);
  for (const ValidationError &e : errs)
    INFO(e.message);
  REQUIRE(errs.empty());
}

Value image(Value fill, std::map<int64_t, Value> at) {
  auto img = std::make_shared<ArrayImage>();
  img->fill = std::move(fill);
  img->at = std::move(at);
  return Value::ofImage(img);
}

} // namespace

TEST_CASE("arrays: types") {
  Type a2 = Type::arrayOf(kArr);
  CHECK(a2.kind == Type::Array);
  CHECK(a2.dims == 2);
  CHECK(a2.elemType() == kArr);
  CHECK(kArr.elemType() == kI32);
  CHECK(Type::arrayOf(Type::refType(3)).elemType() == Type::refType(3));
  CHECK(kArr.isHeapRef());
  CHECK_FALSE(kArr.isRef());
  CHECK(std::string(failureName(FailureKind::Bounds)) == "bounds");
}

TEST_CASE("arrays: allocate, write, read, length, trace") {
  B b;
  uint32_t f = b.proc("f");
  VarRef r = b.result(f, kI32);
  VarRef a = b.local(f, "a", kArr), n = b.local(f, "n", kInt), t = b.local(f, "t", kI32);
  b.P(f).body = {b.newArray(a, I(5)),
                 b.putElem(a, I(2), Expr::intLit(7, kI32)),
                 b.getElem(t, a, bin(Op::Add, I(1), I(1))),
                 b.length(n, a),
                 b.getElem(r, a, I(0))};
  valid(b.prog);
  Outcome o = Interpreter(b.prog).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(S(o.state.entryVars[t.index]) == "7");
  CHECK(S(o.state.entryVars[n.index]) == "5");
  CHECK(S(*o.result) == "0"); // a new element is 0
  CHECK(writes(o) == std::vector<std::string>{"a = n1", "n1[2] = 7", "t = 7", "n = 5", "result = 0"});
  REQUIRE(o.state.heap.size() == 1);
  CHECK(o.state.heap[0].isArray());
  CHECK(o.state.heap[0].length == 5);
  REQUIRE(o.trace[1].write);
  CHECK(o.trace[1].write->kind == Write::Elem);
  CHECK(o.trace[1].write->index == 2);
  // a GetElem's entry names the element it read (TraceStep::elementRead), the index as evaluated
  CHECK_FALSE(o.trace[1].elementRead);
  REQUIRE(o.trace[2].elementRead);
  CHECK(*o.trace[2].elementRead == std::make_pair(uint32_t{1}, int64_t{2}));
  REQUIRE(o.trace[4].elementRead);
  CHECK(*o.trace[4].elementRead == std::make_pair(uint32_t{1}, int64_t{0}));
}

TEST_CASE("arrays: bounds, null and length failures") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), t = b.local(f, "t", kI32), i = b.local(f, "i", kInt);
  auto run = [&](std::vector<Stmt> body) {
    b.P(f).body = std::move(body);
    valid(b.prog);
    return Interpreter(b.prog).run(f);
  };
  Outcome o = run({b.newArray(a, I(3)), b.assign(i, I(3)), b.getElem(t, a, b.use(f, i))});
  REQUIRE(o.kind == OutcomeKind::Failure);
  CHECK(o.failure == FailureKind::Bounds);
  CHECK(o.message == "index out of bounds: 'a[i]' with index 3, length 3");
  o = run({b.newArray(a, I(3)), b.putElem(a, I(-1), Expr::intLit(1, kI32))});
  CHECK(o.failure == FailureKind::Bounds);
  o = run({b.getElem(t, a, I(0))});
  CHECK(o.failure == FailureKind::NullDeref);
  CHECK(o.message == "null dereference: 'a' is null in 'a[0]'");
  o = run({b.length(i, a)});
  CHECK(o.failure == FailureKind::NullDeref);
  o = run({b.newArray(a, I(-1))});
  CHECK(o.failure == FailureKind::Bounds);
  CHECK(o.message == "array length out of range: '-1' is -1");
  CHECK(o.state.heap.empty());
  o = run({b.newArray(a, bin(Op::Add, I(kMaxArrayLength), I(1)))});
  CHECK(o.failure == FailureKind::Bounds);
  o = run({b.newArray(a, I(kMaxArrayLength)), b.putElem(a, I(kMaxArrayLength - 1), Expr::intLit(4, kI32)),
           b.getElem(t, a, I(kMaxArrayLength - 1))});
  CHECK(o.kind == OutcomeKind::Ok); // sparse: a huge array costs nothing
  CHECK(S(o.state.entryVars[t.index]) == "4");
  // the index is evaluated first: a division by zero in it is the failure, before the null base
  o = run({b.putElem(a, bin(Op::Div, I(1), I(0)), Expr::intLit(1, kI32))});
  CHECK(o.failure == FailureKind::DivByZero);
}

TEST_CASE("arrays: length converted to the target type, element types, arrays of arrays") {
  B b;
  uint32_t node = b.record("Node", {{"val", kInt}});
  uint32_t f = b.proc("f");
  Type u8 = Type::fixedInt(8, false);
  VarRef a = b.local(f, "a", kArr), n = b.local(f, "n", u8), m = b.local(f, "m", Type::arrayOf(kArr));
  VarRef q = b.local(f, "q", Type::arrayOf(Type::refType(node))), p = b.local(f, "p", Type::refType(node));
  VarRef bs = b.local(f, "bs", Type::arrayOf(kBool)), c = b.local(f, "c", kBool), a2 = b.local(f, "a2", kArr);
  b.P(f).body = {b.newArray(a, I(300)),     b.length(n, a),
                 b.newArray(m, I(2)),       b.putElem(m, I(1), b.use(f, a)),
                 b.getElem(a2, m, I(1)),    b.getElem(a, m, I(0)),
                 b.newArray(q, I(1)),       b.getElem(p, q, I(0)),
                 b.newArray(bs, I(1), false), b.getElem(c, bs, I(0))};
  valid(b.prog);
  Outcome o = Interpreter(b.prog).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(S(o.state.entryVars[n.index]) == "44"); // 300 mod 256
  CHECK(S(o.state.entryVars[a2.index]) == "n1");
  CHECK(S(o.state.entryVars[a.index]) == "null"); // elements of an array of arrays start null
  CHECK(S(o.state.entryVars[p.index]) == "null");
  CHECK(S(o.state.entryVars[c.index]) == "false");
  InterpOptions bv;
  bv.ints = IntMode::BV32;
  CHECK(S(Interpreter(b.prog, bv).run(f).state.entryVars[n.index]) == "44");
}

TEST_CASE("arrays: nondet contents from given images, one per allocation, checked") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), t = b.local(f, "t", kI32), u = b.local(f, "u", kI32),
         x = b.local(f, "x", kInt);
  b.P(f).body = {b.nondet(x), b.newArray(a, I(4), true), b.getElem(t, a, I(1)), b.getElem(u, a, I(3)),
                 b.putElem(a, I(1), Expr::intLit(9, kI32)), b.getElem(t, a, I(1))};
  valid(b.prog);
  InterpOptions io;
  io.nondetValues = {Value::ofInt(5), image(Value::ofInt(-2), {{1, Value::ofInt(11)}})};
  Outcome o = Interpreter(b.prog, io).run(f);
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(S(o.state.entryVars[u.index]) == "-2");
  CHECK(S(o.state.entryVars[t.index]) == "9");
  CHECK(writes(o)[2] == "t = 11");
  REQUIRE(o.nondetDrawn.size() == 2);
  CHECK(S(o.nondetDrawn[1]) == "{1:11 *:-2}");
  // an int32 element is converted to its type like any input
  io.nondetValues[1] = image(Value::ofInt(0), {{1, Value::ofInt(4294967297)}});
  CHECK(writes(Interpreter(b.prog, io).run(f))[2] == "t = 1");
  // the contents must be an image, and nothing else takes one
  io.nondetValues = {Value::ofInt(5), Value::ofInt(3)};
  o = Interpreter(b.prog, io).run(f);
  CHECK(o.kind == OutcomeKind::Error);
  io.nondetValues = {image(Value::ofInt(0), {}), image(Value::ofInt(0), {})};
  CHECK(Interpreter(b.prog, io).run(f).kind == OutcomeKind::Error);
  // without values nor a seed
  io.nondetValues = {Value::ofInt(5)};
  CHECK(Interpreter(b.prog, io).run(f).kind == OutcomeKind::Error);
  // a negative length draws nothing and fails
  b.P(f).body = {b.newArray(a, I(-4), true)};
  io.nondetValues = {};
  CHECK(Interpreter(b.prog, io).run(f).failure == FailureKind::Bounds);
}

TEST_CASE("arrays: seeded nondet contents are reproducible and the image lists what was read first") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), t = b.local(f, "t", kI32), s = b.local(f, "s", kI32);
  b.P(f).body = {b.newArray(a, I(1000), true), b.putElem(a, I(5), Expr::intLit(1, kI32)), b.getElem(t, a, I(5)),
                 b.getElem(t, a, I(7)), b.getElem(s, a, I(7)), b.getElem(t, a, I(999))};
  valid(b.prog);
  InterpOptions io;
  io.seed = 42;
  Outcome o1 = Interpreter(b.prog, io).run(f), o2 = Interpreter(b.prog, io).run(f);
  REQUIRE(o1.kind == OutcomeKind::Ok);
  CHECK(writes(o1) == writes(o2));
  CHECK(S(o1.state.entryVars[s.index]) == writes(o1)[3].substr(4)); // the same element read twice
  REQUIRE(o1.nondetDrawn.size() == 1);
  REQUIRE(o1.nondetDrawn[0].image);
  CHECK(o1.nondetDrawn[0].image->at.size() == 2); // elements 7 and 999; 5 was written first
  CHECK(o1.nondetDrawn[0].image->at.count(7) == 1);
  CHECK(o1.nondetDrawn[0].image->at.count(999) == 1);
  // replaying the drawn values gives the same run
  InterpOptions replay;
  replay.nondetValues = o1.nondetDrawn;
  CHECK(writes(Interpreter(b.prog, replay).run(f)) == writes(o1));
  // different seeds give different contents (over a few elements)
  bool differs = false;
  for (uint64_t seed = 1; seed < 8 && !differs; ++seed) {
    io.seed = seed;
    differs = writes(Interpreter(b.prog, io).run(f)) != writes(o1);
  }
  CHECK(differs);
}

TEST_CASE("arrays: nondet contents of references are older nodes of their type") {
  B b;
  uint32_t node = b.record("Node", {{"val", kInt}});
  uint32_t f = b.proc("f");
  Type at = Type::arrayOf(Type::refType(node));
  VarRef p = b.local(f, "p", Type::refType(node)), a = b.local(f, "a", at), q = b.local(f, "q", Type::refType(node));
  b.P(f).body = {b.alloc(p, node), b.newArray(a, I(2), true), b.getElem(q, a, I(0))};
  valid(b.prog);
  InterpOptions io;
  io.nondetValues = {image(Value::ofRef(0), {{0, Value::ofRef(1)}})};
  CHECK(S(Interpreter(b.prog, io).run(f).state.entryVars[q.index]) == "n1");
  io.nondetValues = {image(Value::ofRef(0), {{0, Value::ofRef(2)}})}; // n2 is the array itself
  CHECK(Interpreter(b.prog, io).run(f).kind == OutcomeKind::Error);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    InterpOptions s;
    s.seed = seed;
    Outcome o = Interpreter(b.prog, s).run(f);
    REQUIRE(o.kind == OutcomeKind::Ok);
    std::string v = S(o.state.entryVars[q.index]);
    CHECK((v == "null" || v == "n1"));
  }
}

TEST_CASE("arrays: nondet references to arrays pick arrays of exactly the type") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), c = b.local(f, "c", Type::arrayOf(kInt)), x = b.local(f, "x", kArr);
  b.P(f).body = {b.newArray(a, I(1)), b.newArray(c, I(1)), b.nondet(x)};
  valid(b.prog);
  InterpOptions io;
  io.nondetValues = {Value::ofRef(1)};
  CHECK(S(Interpreter(b.prog, io).run(f).state.entryVars[x.index]) == "n1");
  io.nondetValues = {Value::ofRef(2)};
  CHECK(Interpreter(b.prog, io).run(f).kind == OutcomeKind::Error);
}

TEST_CASE("arrays: a global with an allocation exists from the start, after the input nodes") {
  B b;
  uint32_t node = b.record("Node", {{"val", kInt}});
  VarRef g = b.global("g", kArr);
  b.prog.globals[g.index].alloc = 10;
  uint32_t f = b.proc("f");
  b.param(f, "p", Type::refType(node));
  VarRef n = b.local(f, "n", kInt), q = b.local(f, "q", Type::refType(node));
  b.P(f).body = {b.length(n, g), b.putElem(g, I(9), Expr::intLit(3, kI32)), b.alloc(q, node)};
  valid(b.prog);
  InterpOptions io;
  HeapNode in;
  in.record = node;
  in.fields = {Value::ofInt(1)};
  io.initialHeap = {in};
  Outcome o = Interpreter(b.prog, io).run(f, {Value::ofRef(1)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(S(o.state.entryVars[n.index]) == "10");
  CHECK(S(o.state.globals[g.index]) == "n2");
  CHECK(S(o.state.entryVars[q.index]) == "n3");
  CHECK(o.state.heap[1].allocatedBy == 0);
  b.prog.globals[g.index].alloc = -1;
  CHECK_FALSE(validate(b.prog).empty());
}

TEST_CASE("arrays: input arrays are validated and read") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.param(f, "a", kArr);
  VarRef t = b.local(f, "t", kI32), n = b.local(f, "n", kInt);
  b.P(f).body = {b.length(n, a), b.getElem(t, a, I(1))};
  valid(b.prog);
  InterpOptions io;
  HeapNode in;
  in.type = kArr;
  in.length = 2;
  in.elems = {{1, Value::ofInt(-7)}};
  io.initialHeap = {in};
  Outcome o = Interpreter(b.prog, io).run(f, {Value::ofRef(1)});
  REQUIRE(o.kind == OutcomeKind::Ok);
  CHECK(S(o.state.entryVars[t.index]) == "-7");
  CHECK(S(o.state.entryVars[n.index]) == "2");
  in.elems = {{2, Value::ofInt(1)}}; // beyond the length
  io.initialHeap = {in};
  CHECK(Interpreter(b.prog, io).run(f, {Value::ofRef(1)}).kind == OutcomeKind::Error);
  in.elems = {};
  in.type = Type::arrayOf(kInt); // another array type than the parameter's
  io.initialHeap = {in};
  CHECK(Interpreter(b.prog, io).run(f, {Value::ofRef(1)}).kind == OutcomeKind::Error);
}

TEST_CASE("arrays: validation of the statements") {
  B b;
  uint32_t f = b.proc("f");
  VarRef a = b.local(f, "a", kArr), t = b.local(f, "t", kInt), x = b.local(f, "x", kI32);
  auto errors = [&](Stmt s) {
    b.P(f).body = {std::move(s)};
    return validate(b.prog).size();
  };
  CHECK(errors(b.getElem(x, a, I(0))) == 0);
  CHECK(errors(b.getElem(t, a, I(0))) > 0);                // element type
  CHECK(errors(b.getElem(x, t, I(0))) > 0);                // not an array
  CHECK(errors(b.getElem(x, a, Expr::boolLit(true))) > 0); // index not an int
  CHECK(errors(b.putElem(a, I(0), I(1))) > 0);             // value type
  CHECK(errors(b.putElem(a, I(0), Expr::nullLit())) > 0);
  CHECK(errors(b.newArray(t, I(1))) > 0);
  CHECK(errors(b.length(a, a)) > 0);
  Stmt s = b.assign(t, I(1));
  s.fill = true;
  CHECK(errors(s) > 0);
  Stmt g = b.getElem(x, a, I(0));
  g.args.push_back(I(1)); // two indices
  CHECK(errors(g) > 0);
}
