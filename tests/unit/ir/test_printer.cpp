// Unit tests of the IR printer: exact text of hand-built programs, minimal parentheses, literals, tags.
#include "ir/printer.h"

#include <ostream>
#include <string>

#include <doctest/doctest.h>

using namespace locus;
using namespace locus::ir;
using locus::ir::toString;

namespace {

Program listProgram() {
  Program prog;
  prog.files = {"stdlib/list.gcl"};
  Record node{"Node", {}, {0, 1, 1}};
  node.fields.push_back({"next", Type::refType(0), {0, 2, 3}});
  node.fields.push_back({"val", Type::intType(), {0, 3, 3}});
  prog.records.push_back(node);
  prog.globals.push_back({"head", Type::refType(0), VarKind::Global, {0, 6, 5}});

  Procedure push;
  push.name = "push";
  push.loc = {0, 8, 1};
  push.vars.push_back({"v", Type::intType(), VarKind::Param, {0, 8, 11}});
  push.vars.push_back({"n", Type::refType(0), VarKind::Local, {0, 10, 3}});
  push.params = {0};
  Stmt s1;
  s1.kind = Stmt::New;
  s1.id = 1;
  s1.loc = {0, 12, 3};
  s1.lhs = {false, 1};
  s1.record = 0;
  Stmt s2;
  s2.kind = Stmt::PutField;
  s2.id = 2;
  s2.loc = {0, 13, 3};
  s2.base = {false, 1};
  s2.field = 1;
  s2.value = Expr::varUse({false, 0}, Type::intType());
  push.body = {s1, s2};
  prog.procs.push_back(push);
  return prog;
}

} // namespace

TEST_CASE("printer: the README example") {
  Program prog = listProgram();
  CHECK(toString(prog) == R"(type Node @"stdlib/list.gcl" 1:1 {
  next: Node @2:3;
  val: int @3:3;
}

var head: Node @"stdlib/list.gcl" 6:5;

proc push(v: int @8:11) @"stdlib/list.gcl" 8:1
{
  var n: Node @10:3;
  #1 @12:3 n := new Node;
  #2 @13:3 n.val := v;
}
)");
  PrintOptions noTags;
  noTags.tags = false;
  CHECK(toString(prog, noTags).find("#1") == std::string::npos);
  CHECK(toString(prog, noTags).find("@") == std::string::npos);
}

TEST_CASE("printer: statements, guards, contracts, tests") {
  Program prog = listProgram();
  Procedure &p = prog.procs[0];
  p.vars.push_back({"b0", Type::boolType(), VarKind::Local, {}});
  p.vars.push_back({"t", Type::refType(0), VarKind::Local, {}});
  Expr b0 = Expr::varUse({false, 2}, Type::boolType());

  Stmt g;
  g.kind = Stmt::GetField;
  g.id = 7;
  g.loc = {0, 20, 5};
  g.guard = b0;
  g.lhs = {false, 3};
  g.base = {true, 0};
  g.field = 0;
  CHECK(toString(prog, p, g) == "[b0] t := head.next");
  g.guard = Expr::boolLit(false);
  CHECK(toString(prog, p, g) == "[false] t := head.next");

  Stmt a;
  a.kind = Stmt::Assert;
  a.value = b0;
  a.message = "say \"hi\"\\\n";
  CHECK(toString(prog, p, a) == R"(assert b0, "say \"hi\"\\\n")");

  Stmt w;
  w.kind = Stmt::While;
  w.id = 9;
  w.loc = {0, 21, 3};
  w.value = b0;
  Stmt brk;
  brk.kind = Stmt::Break;
  brk.id = 10;
  brk.loc = {0, 22, 5};
  w.body = {brk};
  CHECK(toString(prog, p, w) == "while (b0)");

  Stmt pre;
  pre.kind = Stmt::Assert;
  pre.id = 11;
  pre.loc = {0, 8, 20};
  pre.assertKind = AssertKind::Requires;
  pre.value = Expr::binary(Op::Gt, Expr::varUse({false, 0}, Type::intType()), Expr::intLit(0));
  p.pre = {pre};
  p.body.push_back(w);

  Procedure t;
  t.name = "t1";
  t.isTest = true;
  t.loc = {0, 30, 1};
  Stmt call;
  call.kind = Stmt::Call;
  call.id = 12;
  call.loc = {0, 31, 3};
  call.callee = 0;
  call.args = {Expr::intLit(-3)};
  t.body = {call};
  prog.procs.push_back(t);

  std::string text = toString(prog);
  CHECK(text.find("proc push(v: int @8:11) @\"stdlib/list.gcl\" 8:1\nrequires {\n  #11 @8:20 assert v > "
                  "0;\n}\n{\n") != std::string::npos);
  CHECK(text.find("  var b0: bool;\n  var t: Node;\n") != std::string::npos);
  CHECK(text.find("  #9 @21:3 while (b0) {\n    #10 @22:5 break;\n  }\n") != std::string::npos);
  CHECK(text.find("test t1 @\"stdlib/list.gcl\" 30:1\n{\n  #12 @31:3 push(-3);\n}\n") != std::string::npos);
}

TEST_CASE("printer: expressions with minimal parentheses") {
  Program prog;
  Procedure p;
  for (const char *n : {"a", "b", "c"})
    p.vars.push_back({n, Type::intType(), VarKind::Local, {}});
  for (const char *n : {"x", "y", "z"})
    p.vars.push_back({n, Type::boolType(), VarKind::Local, {}});
  auto I = [](uint32_t i) { return Expr::varUse({false, i}, Type::intType()); };
  auto B = [](uint32_t i) { return Expr::varUse({false, 3 + i}, Type::boolType()); };
  auto bin = [](Op op, Expr l, Expr r) { return Expr::binary(op, std::move(l), std::move(r)); };
  auto str = [&](const Expr &e) { return toString(prog, p, e); };

  CHECK(str(bin(Op::Add, I(0), bin(Op::Mul, I(1), I(2)))) == "a + b * c");
  CHECK(str(bin(Op::Mul, bin(Op::Add, I(0), I(1)), I(2))) == "(a + b) * c");
  CHECK(str(bin(Op::Sub, bin(Op::Sub, I(0), I(1)), I(2))) == "a - b - c");
  CHECK(str(bin(Op::Sub, I(0), bin(Op::Sub, I(1), I(2)))) == "a - (b - c)");
  CHECK(str(bin(Op::Add, I(0), bin(Op::Add, I(1), I(2)))) == "a + (b + c)");
  CHECK(str(bin(Op::Implies, B(0), bin(Op::Implies, B(1), B(2)))) == "x ==> y ==> z");
  CHECK(str(bin(Op::Implies, bin(Op::Implies, B(0), B(1)), B(2))) == "(x ==> y) ==> z");
  CHECK(str(bin(Op::Or, B(0), bin(Op::And, B(1), B(2)))) == "x or y and z");
  CHECK(str(bin(Op::And, bin(Op::Or, B(0), B(1)), B(2))) == "(x or y) and z");
  CHECK(str(Expr::unary(Op::Not, bin(Op::And, B(0), B(1)))) == "not (x and y)");
  CHECK(str(bin(Op::And, Expr::unary(Op::Not, B(0)), B(1))) == "not x and y");
  CHECK(str(bin(Op::Eq, bin(Op::Lt, I(0), I(1)), B(2))) == "a < b == z");
  CHECK(str(bin(Op::Eq, B(2), bin(Op::Lt, I(0), I(1)))) == "z == (a < b)");
  CHECK(str(bin(Op::And, bin(Op::Lt, I(0), I(1)), bin(Op::Ge, I(2), Expr::intLit(0)))) == "a < b and c >= 0");
  // Literals: negative literals print plainly; negation of a literal must not fold back into one.
  CHECK(str(Expr::intLit(-5)) == "-5");
  CHECK(str(bin(Op::Sub, I(0), Expr::intLit(-5))) == "a - -5");
  CHECK(str(bin(Op::Mul, Expr::intLit(-5), I(0))) == "-5 * a");
  CHECK(str(Expr::unary(Op::Neg, Expr::intLit(5))) == "-(5)");
  CHECK(str(Expr::unary(Op::Neg, Expr::intLit(-5))) == "-(-5)");
  CHECK(str(Expr::unary(Op::Neg, I(0))) == "-a");
  CHECK(str(Expr::unary(Op::Neg, Expr::unary(Op::Neg, I(0)))) == "-(-a)");
  CHECK(str(Expr::unary(Op::Neg, bin(Op::Add, I(0), I(1)))) == "-(a + b)");
  CHECK(str(Expr::boolLit(true)) == "true");
  CHECK(str(Expr::nullLit()) == "null");
}

TEST_CASE("printer: declarations carry their locations, with the file named when it is not implied") {
  Program a = listProgram();
  a.files.push_back("other.gcl");
  a.records[0].loc = {static_cast<uint32_t>(a.files.size() - 1), 7, 6};
  std::string text = toString(a);
  INFO(text);
  CHECK(text.find("type " + a.records[0].name + " @\"other.gcl\" 7:6 {") != std::string::npos);
  CHECK(toString(a, PrintOptions{false}).find('@') == std::string::npos);
}
