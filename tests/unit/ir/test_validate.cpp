// Unit tests of the IR validator: a valid hand-built program, then one broken invariant at a time.
#include "ir/global_alloc.h"
#include "ir/validate.h"

#include <doctest/doctest.h>

using namespace locus;
using namespace locus::ir;

namespace {

Expr ivar(uint32_t i) {
  return Expr::varUse({false, i}, Type::intType());
}
Expr bvar(uint32_t i) {
  return Expr::varUse({false, i}, Type::boolType());
}

Stmt mk(Stmt::Kind k, StmtId id) {
  Stmt s;
  s.kind = k;
  s.id = id;
  s.loc = {0, id, 1};
  return s;
}

/// type Node { next: Node; val: int; }  var head: Node;
/// proc get(n: Node) returns (r: int) { requires n != null; var b0: bool; var m: Node; … }
Program valid() {
  Program prog;
  prog.files = {"a.gcl"};
  prog.records.push_back({"Node", {{"next", Type::refType(0), {}}, {"val", Type::intType(), {}}}, {}});
  prog.globals.push_back({"head", Type::refType(0), VarKind::Global, {}, false, {}});
  Procedure p;
  p.name = "get";
  p.vars = {{"n", Type::refType(0), VarKind::Param, {}, false, {}},
            {"r", Type::intType(), VarKind::Return, {}, false, {}},
            {"b0", Type::boolType(), VarKind::Local, {}, false, {}},
            {"m", Type::refType(0), VarKind::Local, {}, false, {}}};
  p.params = {0};
  p.result = 1;
  Stmt pre = mk(Stmt::Assert, 1);
  pre.assertKind = AssertKind::Requires;
  pre.value = Expr::binary(Op::Ne, Expr::varUse({false, 0}, Type::refType(0)), Expr::nullLit());
  p.pre = {pre};
  Stmt s2 = mk(Stmt::GetField, 2);
  s2.lhs = {false, 1};
  s2.base = {false, 0};
  s2.field = 1;
  Stmt s3 = mk(Stmt::Assign, 3);
  s3.lhs = {false, 2};
  s3.value = Expr::binary(Op::Gt, ivar(1), Expr::intLit(0));
  Stmt w = mk(Stmt::While, 4);
  w.value = bvar(2);
  Stmt s5 = mk(Stmt::New, 5);
  s5.lhs = {false, 3};
  s5.record = 0;
  Stmt s6 = mk(Stmt::PutField, 6);
  s6.base = {false, 3};
  s6.field = 0;
  s6.value = Expr::nullLit();
  Stmt s7 = mk(Stmt::Break, 7);
  s7.guard = bvar(2);
  w.body = {s5, s6, s7};
  Stmt s8 = mk(Stmt::Call, 8);
  s8.callee = 0;
  s8.lhs = {false, 1};
  s8.args = {Expr::varUse({false, 3}, Type::refType(0))};
  Stmt s9 = mk(Stmt::Return, 9);
  p.body = {s2, s3, w, s8, s9};
  Stmt post = mk(Stmt::Assert, 10);
  post.assertKind = AssertKind::Ensures;
  post.value = Expr::binary(Op::Ge, ivar(1), Expr::intLit(0));
  post.message = "non-negative";
  p.post = {post};
  prog.procs.push_back(p);
  Procedure t;
  t.name = "t";
  t.isTest = true;
  Stmt h = mk(Stmt::Halt, 11);
  t.body = {h};
  prog.procs.push_back(t);
  return prog;
}

/// The messages of every error, joined.
std::string errors(const Program &p) {
  std::string out;
  for (const auto &e : validate(p))
    out += e.message + "\n";
  return out;
}

bool has(const Program &p, const std::string &part) {
  return errors(p).find(part) != std::string::npos;
}

} // namespace

TEST_CASE("validate: a valid program") {
  CHECK(errors(valid()) == "");
}

TEST_CASE("validate: guards, ids, locations") {
  Program p = valid();
  p.procs[0].body[0].guard = Expr::binary(Op::And, bvar(2), bvar(2));
  CHECK(has(p, "guard"));
  p = valid();
  p.procs[0].body[0].guard = ivar(1);
  CHECK(has(p, "guard"));
  p = valid();
  p.procs[0].body[1].id = 2;
  CHECK(has(p, "duplicate statement id"));
  CHECK(validate(p).at(0).stmt == 2);
  CHECK(validate(p).at(0).proc == "get");
  p = valid();
  p.procs[1].body[0].id = 0;
  CHECK(has(p, "id is 0"));
  p = valid();
  p.procs[1].body[0].id = globalAllocId(0); // reserved for the allocations of global arrays
  CHECK(has(p, "statement id reserved for the allocations of global arrays"));
  p = valid();
  p.procs[0].body[0].loc = {};
  CHECK(has(p, "no location"));
  p = valid();
  p.procs[0].body[0].loc.file = 3;
  CHECK(has(p, "file index out of range"));
  p = valid();
  p.files.push_back("b.gcl");
  p.procs[0].body[1].loc.file = 1;
  CHECK(has(p, "more than one file"));
}

TEST_CASE("validate: members and types per kind") {
  Program p = valid();
  p.procs[0].body[1].value = Expr::intLit(1); // bool := int
  CHECK(has(p, "value type"));
  p = valid();
  p.procs[0].body[1].lhs = {false, 17};
  CHECK(has(p, "out of range"));
  p = valid();
  p.procs[0].body[0].field = 2;
  CHECK(has(p, "field index out of range"));
  p = valid();
  p.procs[0].body[0].field = 0; // r := n.next: int := Node
  CHECK(has(p, "differs from field"));
  p = valid();
  p.procs[0].body[0].base = {false, 1}; // base not a reference
  CHECK(has(p, "not a reference"));
  p = valid();
  p.procs[0].body[2].body[0].record = 1;
  CHECK(has(p, "record"));
  p = valid();
  p.procs[0].body[3].args.clear();
  CHECK(has(p, "arguments, expected 1"));
  p = valid();
  p.procs[0].body[3].args[0] = Expr::intLit(1);
  CHECK(has(p, "argument 1"));
  p = valid();
  p.procs[0].body[3].callee = 1;
  CHECK(has(p, "is a test"));
  p = valid();
  p.procs[0].body[2].value = Expr::binary(Op::And, bvar(2), bvar(2));
  CHECK(has(p, "loop condition"));
  p = valid();
  p.procs[0].body[4].value = Expr::boolLit(true); // return with a value member
  CHECK(has(p, "value set but unused"));
  p = valid();
  p.procs[0].body[1].value = Expr::binary(Op::Add, Expr::boolLit(true), Expr::intLit(1));
  CHECK(has(p, "wrong type"));
  p = valid();
  p.procs[0].body[1].value = Expr::varUse({false, 2}, Type::intType()); // use typed unlike its var
  CHECK(has(p, "differs from its declaration"));
}

TEST_CASE("validate: loop invariants") {
  Program p = valid();
  p.procs[0].body[2].invariant = Expr::binary(Op::Ge, ivar(1), Expr::intLit(0)); // r >= 0
  CHECK(errors(p) == "");
  p.procs[0].body[2].invariant = ivar(1); // an int
  CHECK(has(p, "loop invariant is not a bool expression"));
  p = valid();
  p.procs[0].body[2].invariant = Expr::varUse({false, 17}, Type::boolType());
  CHECK(has(p, "out of range"));
  p = valid();
  p.procs[0].body[1].invariant = bvar(2); // on an assignment
  CHECK(has(p, "loop invariant set but unused"));
}

TEST_CASE("validate: control flow and contracts") {
  Program p = valid();
  p.procs[1].body[0].kind = Stmt::Break;
  CHECK(has(p, "outside a loop"));
  p = valid();
  p.procs[0].pre[0].assertKind = AssertKind::User;
  CHECK(has(p, "assert kind"));
  p = valid();
  p.procs[0].body[1].assertKind = AssertKind::Ensures;
  CHECK(has(p, "unused"));
  p = valid();
  p.procs[0].post.push_back(p.procs[0].body[3]);
  p.procs[0].post.back().id = 50;
  CHECK(has(p, "not allowed in a requires/ensures block"));
  // Unwinding bounds: on loops and procedures (not tests), at most kMaxUnwind.
  p = valid();
  p.procs[0].body[2].unwind = 7;
  p.procs[0].unwind = 2;
  CHECK(validate(p).empty());
  p.procs[0].body[2].unwind = kMaxUnwind + 1;
  CHECK(has(p, "unwind bound above 100000"));
  p = valid();
  p.procs[0].body[1].unwind = 3;
  CHECK(has(p, "unwind bound set but unused"));
  p = valid();
  p.procs[1].unwind = 3;
  CHECK(has(p, "a test has no recursion bound"));
}

TEST_CASE("validate: procedures and names") {
  Program p = valid();
  p.procs[1].vars.push_back({"x", Type::intType(), VarKind::Param, {}, false, {}});
  p.procs[1].params = {0};
  CHECK(has(p, "a test has no parameters"));
  p = valid();
  p.procs[0].vars[3].name = "b0";
  CHECK(has(p, "duplicate variable"));
  p = valid();
  p.procs[0].vars[3].name = "head";
  CHECK(has(p, "shadows a global"));
  p = valid();
  p.procs[0].vars[3].name = "while";
  CHECK(has(p, "not an identifier"));
  p = valid();
  std::swap(p.procs[0].vars[0], p.procs[0].vars[2]);
  CHECK(has(p, "wrong kind"));
  p = valid();
  p.procs[1].name = "get";
  CHECK(has(p, "duplicate procedure"));
}
