// Unit tests of the GCL parser (parse tree → AST, syntax errors, robustness) and the import loader.
#include "frontend/gcl/frontend.h"
#include "frontend/gcl/loader.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace locus;
using namespace locus::gcl;

namespace {

/// Parses in-memory text; keeps the SourceManager and Diagnostics alive with the module.
struct Parsed {
  SourceManager sm;
  Diagnostics diags{sm};
  std::unique_ptr<Module> m;
  explicit Parsed(std::string text) {
    uint32_t f = sm.add("t.gcl", std::move(text));
    m = parseModule(f, sm, diags);
  }
  std::string errors() const {
    std::ostringstream os;
    diags.print(os, false);
    return os.str();
  }
  bool ok() const { return !diags.hasErrors(); }
  const ProcDecl &proc(size_t i = 0) const { return *m->procs.at(i); }
  const Stmt &stmt(size_t i, size_t proc = 0) const { return *m->procs.at(proc)->body->stmts.at(i); }
};

/// The single statement of `proc p() { <body> }` (or of whatever the body holds first).
const Stmt &first(const Parsed &p) {
  return p.stmt(0);
}

std::string wrap(const std::string &body) {
  return "type Node { next: Node; val: int; }\nproc p(x: int, b: bool, n: Node) returns (r: int) {\n" + body +
         "\n}\n";
}

const Expr &rhs(const Parsed &p) {
  return *first(p).value;
}

} // namespace

TEST_CASE("declarations") {
  Parsed p(R"(import "list";
import "util/x.gcl";
type Node { next: Node; val: int; }
type Empty { }
var g: int, h: Node;
var flag: bool;
proc f(a: int, b: Node) returns (r: bool) @"orig.gcl"
  requires a > 0
  ensures r
  requires { #3 @4:12 c := a > 0; #4 @4:12 assert c; }
{
  skip;
}
proc noargs() { }
test t1 { f(1, null); }
test t2 @"x.gcl" { }
)");
  REQUIRE_MESSAGE(p.ok(), p.errors());
  const Module &m = *p.m;
  REQUIRE(m.imports.size() == 2);
  CHECK(m.imports[0].path == "list");
  CHECK(m.imports[1].path == "util/x.gcl");
  CHECK(m.imports[0].loc == SourceLoc{0, 1, 1});
  REQUIRE(m.types.size() == 2);
  CHECK(m.types[0]->name == "Node");
  REQUIRE(m.types[0]->fields.size() == 2);
  CHECK(m.types[0]->fields[0].name == "next");
  CHECK(m.types[0]->fields[0].type.name == "Node");
  CHECK(m.types[0]->fields[1].type.name == "int");
  CHECK(m.types[1]->fields.empty());
  REQUIRE(m.globals.size() == 3);
  CHECK(m.globals[1]->name == "h");
  CHECK(m.globals[1]->kind == ir::VarKind::Global);
  CHECK(m.globals[2]->type.name == "bool");
  REQUIRE(m.procs.size() == 4);
  const ProcDecl &f = *m.procs[0];
  CHECK(f.name == "f");
  CHECK(!f.isTest);
  REQUIRE(f.params.size() == 2);
  CHECK(f.params[0]->kind == ir::VarKind::Param);
  CHECK(f.params[1]->type.name == "Node");
  REQUIRE(f.result);
  CHECK(f.result->name == "r");
  CHECK(f.result->kind == ir::VarKind::Return);
  CHECK(f.result->type.name == "bool");
  CHECK(f.fileAnnot == std::optional<std::string>("orig.gcl"));
  REQUIRE(f.contracts.size() == 3);
  CHECK(f.contracts[0].isRequires);
  CHECK(f.contracts[0].expr);
  CHECK(!f.contracts[1].isRequires);
  REQUIRE(f.contracts[2].block);
  REQUIRE(f.contracts[2].block->stmts.size() == 2);
  CHECK(f.contracts[2].block->stmts[0]->tagId == 3u);
  CHECK(f.contracts[2].block->stmts[1]->kind == Stmt::Assert);
  CHECK(f.body->stmts.size() == 1);
  CHECK(m.procs[1]->params.empty());
  CHECK(!m.procs[1]->result);
  CHECK(m.procs[2]->isTest);
  CHECK(m.procs[2]->name == "t1");
  CHECK(m.procs[3]->fileAnnot == std::optional<std::string>("x.gcl"));
}

TEST_CASE("simple statements") {
  Parsed p(wrap(R"(
  var a: int, c: Node := null;
  a := 1;
  a := n.val;
  n.next.val := a + 1;
  n := new Node;
  a := nondet;
  a := f(1, x);
  f();
  assume a > 0;
  assert a > 0, "a is \"positive\"";
  assert b;
  halt;
  return a;
  return;
  skip;
  { skip; }
  concrete { a := 2; }
)"));
  REQUIRE_MESSAGE(p.ok(), p.errors());
  const auto &s = p.proc().body->stmts;
  REQUIRE(s.size() == 17);
  CHECK(s[0]->kind == Stmt::LocalDecl);
  REQUIRE(s[0]->decls.size() == 2);
  CHECK(s[0]->decls[0]->name == "a");
  CHECK(!s[0]->decls[0]->init);
  CHECK(s[0]->decls[1]->init->kind == Expr::NullLit);
  CHECK(s[0]->decls[1]->kind == ir::VarKind::Local);
  CHECK(s[1]->kind == Stmt::Assign);
  CHECK(s[1]->lhs->name == "a");
  CHECK(s[1]->lhs->selectors.empty());
  CHECK(s[1]->value->value == 1);
  CHECK(s[2]->value->kind == Expr::Path);
  CHECK(s[2]->value->name == "n");
  REQUIRE(s[2]->value->selectors.size() == 1);
  CHECK(s[2]->value->selectors[0].name == "val");
  CHECK(s[3]->lhs->name == "n");
  REQUIRE(s[3]->lhs->selectors.size() == 2);
  CHECK(s[3]->lhs->selectors[0].name == "next");
  CHECK(s[3]->lhs->selectors[1].name == "val");
  CHECK(s[3]->lhs->selectors[1].loc.col == 10);
  CHECK(s[4]->kind == Stmt::New);
  CHECK(s[4]->alloc->type.name == "Node");
  CHECK(!s[4]->alloc->length);
  CHECK(s[5]->kind == Stmt::Nondet);
  CHECK(s[6]->kind == Stmt::Call);
  CHECK(s[6]->callee == "f");
  CHECK(s[6]->lhs);
  CHECK(s[6]->args.size() == 2);
  CHECK(s[7]->kind == Stmt::Call);
  CHECK(!s[7]->lhs);
  CHECK(s[7]->args.empty());
  CHECK(s[8]->kind == Stmt::Assume);
  CHECK(s[9]->kind == Stmt::Assert);
  CHECK(s[9]->message == "a is \"positive\"");
  CHECK(s[10]->message.empty());
  CHECK(s[11]->kind == Stmt::Halt);
  CHECK(s[12]->kind == Stmt::Return);
  CHECK(s[12]->value);
  CHECK(!s[13]->value);
  CHECK(s[14]->kind == Stmt::Skip);
  CHECK(s[15]->kind == Stmt::BlockStmt);
  CHECK(s[15]->then->stmts.size() == 1);
  CHECK(s[16]->kind == Stmt::Concrete);
  CHECK(s[16]->then->stmts[0]->kind == Stmt::Assign);
  // locations: statement at its first token, 1-based columns
  CHECK(s[1]->loc.line == 5);
  CHECK(s[1]->loc.col == 3);
}

TEST_CASE("control flow") {
  Parsed p(wrap(R"(
  [b] x := 1;
  [x > 0] [b] skip;
  if (b) { skip; }
  if (b) { skip; } else { halt; }
  if (x == 1) { skip; } else if (x == 2) { halt; } else if (x == 3) { } else { return; }
  while (x > 0) { x := x - 1; if (b) { break; } continue; }
)"));
  REQUIRE_MESSAGE(p.ok(), p.errors());
  const auto &s = p.proc().body->stmts;
  REQUIRE(s.size() == 6);
  CHECK(s[0]->kind == Stmt::Guarded);
  CHECK(s[0]->guard->kind == Expr::Path);
  CHECK(s[0]->inner->kind == Stmt::Assign);
  CHECK(s[1]->inner->kind == Stmt::Guarded);
  CHECK(s[1]->inner->inner->kind == Stmt::Skip);
  CHECK(s[2]->kind == Stmt::If);
  CHECK(!s[2]->elseBlock);
  CHECK(s[3]->elseBlock->stmts[0]->kind == Stmt::Halt);
  // else-if chain: If whose elseBlock holds exactly one If
  const Stmt &i1 = *s[4];
  REQUIRE(i1.elseBlock);
  REQUIRE(i1.elseBlock->stmts.size() == 1);
  const Stmt &i2 = *i1.elseBlock->stmts[0];
  CHECK(i2.kind == Stmt::If);
  CHECK(i2.value->args[1]->value == 2);
  CHECK(i2.then->stmts[0]->kind == Stmt::Halt);
  const Stmt &i3 = *i2.elseBlock->stmts[0];
  CHECK(i3.kind == Stmt::If);
  CHECK(i3.then->stmts.empty());
  CHECK(i3.elseBlock->stmts[0]->kind == Stmt::Return);
  CHECK(s[5]->kind == Stmt::While);
  REQUIRE(s[5]->then->stmts.size() == 3);
  CHECK(s[5]->then->stmts[1]->then->stmts[0]->kind == Stmt::Break);
  CHECK(s[5]->then->stmts[2]->kind == Stmt::Continue);
}

TEST_CASE("expressions: precedence, associativity, synonyms, literals") {
  {
    Parsed p(wrap("x := 1 + 2 * 3 - 4;"));
    REQUIRE(p.ok());
    const Expr &e = rhs(p); // (1 + (2*3)) - 4
    CHECK(e.op == ir::Op::Sub);
    CHECK(e.args[0]->op == ir::Op::Add);
    CHECK(e.args[0]->args[1]->op == ir::Op::Mul);
    CHECK(e.args[1]->value == 4);
  }
  {
    Parsed p(wrap("b := b ==> b ==> x < 1 or b and not b;"));
    REQUIRE(p.ok());
    const Expr &e = rhs(p); // b ==> (b ==> ((x<1) or (b and (not b))))
    CHECK(e.op == ir::Op::Implies);
    CHECK(e.args[0]->kind == Expr::Path);
    CHECK(e.args[1]->op == ir::Op::Implies);
    const Expr &o = *e.args[1]->args[1];
    CHECK(o.op == ir::Op::Or);
    CHECK(o.args[0]->op == ir::Op::Lt);
    CHECK(o.args[1]->op == ir::Op::And);
    CHECK(o.args[1]->args[1]->kind == Expr::Unary);
    CHECK(o.args[1]->args[1]->op == ir::Op::Not);
  }
  {
    Parsed p(wrap("b := !b && b || b;"));
    REQUIRE(p.ok());
    const Expr &e = rhs(p);
    CHECK(e.op == ir::Op::Or);
    CHECK(e.args[0]->op == ir::Op::And);
    CHECK(e.args[0]->args[0]->op == ir::Op::Not);
  }
  {
    Parsed p(wrap("x := -5;"));
    REQUIRE(p.ok());
    CHECK(rhs(p).kind == Expr::IntLit);
    CHECK(rhs(p).value == -5);
  }
  {
    Parsed p(wrap("x := -x;"));
    CHECK(rhs(p).kind == Expr::Unary);
    CHECK(rhs(p).op == ir::Op::Neg);
  }
  {
    Parsed p(wrap("x := -(5);"));
    CHECK(rhs(p).kind == Expr::Unary);
    CHECK(rhs(p).args[0]->value == 5);
  }
  {
    Parsed p(wrap("x := - -5;"));
    CHECK(rhs(p).kind == Expr::Unary);
    CHECK(rhs(p).args[0]->value == -5);
  }
  {
    Parsed p(wrap("x := 3 - -5 * 2;"));
    REQUIRE(p.ok());
    CHECK(rhs(p).op == ir::Op::Sub);
    CHECK(rhs(p).args[1]->op == ir::Op::Mul);
    CHECK(rhs(p).args[1]->args[0]->value == -5);
  }
  {
    Parsed p(wrap("x := -9223372036854775808; x := 9223372036854775807;"));
    REQUIRE_MESSAGE(p.ok(), p.errors());
    CHECK(rhs(p).value == INT64_MIN);
    CHECK(p.stmt(1).value->value == INT64_MAX);
  }
  {
    // `int` literals are unbounded (issue 11); typed literals must be values of their type.
    Parsed p(wrap("x := 9223372036854775808; x := -99999999999999999999999;"));
    REQUIRE_MESSAGE(p.ok(), p.errors());
    CHECK(rhs(p).value == *ir::BigInt::parse("9223372036854775808"));
    CHECK(p.stmt(1).value->value == *ir::BigInt::parse("-99999999999999999999999"));
  }
  {
    Parsed p(wrap("x := int(256u8);"));
    CHECK(p.errors().find("integer literal '256u8' is out of range for 'uint8' (0 to 255)") !=
          std::string::npos);
  }
  {
    Parsed p(wrap("x := " + std::string(20000, '9') + ";"));
    CHECK(p.errors().find("integer literal of more than 65536 bits") != std::string::npos);
  }
  {
    Parsed p(wrap("b := true == false != (n == null); x := 7 % 3 / 2;"));
    REQUIRE(p.ok());
    CHECK(rhs(p).op == ir::Op::Ne);
    CHECK(rhs(p).args[0]->op == ir::Op::Eq);
    CHECK(rhs(p).args[0]->args[0]->kind == Expr::BoolLit);
    CHECK(rhs(p).args[0]->args[0]->value == 1);
    CHECK(rhs(p).args[1]->args[1]->kind == Expr::NullLit);
    CHECK(p.stmt(1).value->op == ir::Op::Div);
    CHECK(p.stmt(1).value->args[0]->op == ir::Op::Mod);
  }
  {
    Parsed p(wrap("b := x <= 1 and x >= 0 and x > -1;"));
    REQUIRE(p.ok());
    CHECK(rhs(p).args[1]->op == ir::Op::Gt);
    CHECK(rhs(p).args[0]->args[1]->op == ir::Op::Ge);
  }
}

TEST_CASE("printed-IR tags") {
  Parsed p(wrap(R"(
  #12 @3:5 x := 1;
  @4:2 skip;
  #7 skip;
  #8 @9:1 [b] x := 2;
  #9 @10:1 if (b) { #10 @11:3 skip; } else if (b) { skip; }
  skip;
)"));
  REQUIRE_MESSAGE(p.ok(), p.errors());
  CHECK(p.stmt(0).tagId == 12u);
  CHECK(p.stmt(0).tagLoc == SourceLoc{0, 3, 5});
  CHECK(p.stmt(0).loc.line == 4); // its own location stays the position in this text
  CHECK(!p.stmt(1).tagId);
  CHECK(p.stmt(1).tagLoc == SourceLoc{0, 4, 2});
  CHECK(p.stmt(2).tagId == 7u);
  CHECK(!p.stmt(2).tagLoc);
  CHECK(p.stmt(3).kind == Stmt::Guarded);
  CHECK(p.stmt(3).tagId == 8u);
  CHECK(!p.stmt(3).inner->tagId);
  CHECK(p.stmt(4).tagId == 9u);
  CHECK(p.stmt(4).then->stmts[0]->tagId == 10u);
  CHECK(!p.stmt(5).tagId);
  CHECK(!p.stmt(5).tagLoc);
}

TEST_CASE("printed-IR declaration tags") {
  Parsed p(R"(type Node @"lib/list.gcl" 3:6 { next: Node @4:3; val: int @"other.gcl" 5:3; }
type Plain { x: int; }
var head: Node @"lib/list.gcl" 9:5, n: int, k: int @7:1 := 3;
proc push(v: int @12:11, w: Node) returns (r: int @"x.gcl" 12:30) @"lib/list.gcl" 12:6
{
  var t: Node @13:7 := null, u: int;
  skip;
}
proc q() @"c.c" @"q.gcl" 2:6 { }
proc s() @"c.c" @7:1 { }
proc plain() @"c.c" { }
test t @"lib/list.gcl" 20:6 { }
)");
  REQUIRE_MESSAGE(p.ok(), p.errors());
  const Module &m = *p.m;
  auto is = [](const DeclTag &t, std::optional<std::string> file, uint32_t line, uint32_t col) {
    return t.present() && t.file == file && t.line == line && t.col == col;
  };
  REQUIRE(m.types.size() == 2);
  CHECK(is(m.types[0]->tag, "lib/list.gcl", 3, 6));
  CHECK(m.types[0]->loc == SourceLoc{0, 1, 6}); // its own location stays the position in this text
  CHECK(is(m.types[0]->fields[0].tag, std::nullopt, 4, 3));
  CHECK(is(m.types[0]->fields[1].tag, "other.gcl", 5, 3));
  CHECK(!m.types[1]->tag.present());
  CHECK(!m.types[1]->fields[0].tag.present());
  REQUIRE(m.globals.size() == 3);
  CHECK(is(m.globals[0]->tag, "lib/list.gcl", 9, 5));
  CHECK(!m.globals[1]->tag.present());
  CHECK(is(m.globals[2]->tag, std::nullopt, 7, 1));
  CHECK(m.globals[2]->init);
  REQUIRE(m.procs.size() == 5);
  const ProcDecl &push = *m.procs[0];
  CHECK(push.fileAnnot == std::optional<std::string>("lib/list.gcl"));
  CHECK(is(push.tag, "lib/list.gcl", 12, 6));
  CHECK(is(push.params[0]->tag, std::nullopt, 12, 11));
  CHECK(!push.params[1]->tag.present());
  CHECK(is(push.result->tag, "x.gcl", 12, 30));
  const auto &decls = push.body->stmts.at(0)->decls;
  REQUIRE(decls.size() == 2);
  CHECK(is(decls[0]->tag, std::nullopt, 13, 7));
  CHECK(decls[0]->init);
  CHECK(!decls[1]->tag.present());
  // The procedure declared in another file than its statements' file.
  CHECK(m.procs[1]->fileAnnot == std::optional<std::string>("c.c"));
  CHECK(is(m.procs[1]->tag, "q.gcl", 2, 6));
  CHECK(is(m.procs[2]->tag, "c.c", 7, 1));
  CHECK(m.procs[3]->fileAnnot == std::optional<std::string>("c.c"));
  CHECK(!m.procs[3]->tag.present());
  CHECK(m.procs[4]->isTest);
  CHECK(is(m.procs[4]->tag, "lib/list.gcl", 20, 6));

  Parsed bad("type T @0:1 { }\nvar g: int @\"f.gcl\" 0:2;\nproc f() @\"a.gcl\" 0:1 { }\n");
  std::string e = bad.errors();
  CHECK(e.find("t.gcl:1:9") != std::string::npos);
  CHECK(e.find("t.gcl:2:21") != std::string::npos);
  CHECK(e.find("t.gcl:3:19") != std::string::npos);
  CHECK(e.find("line numbers start at 1") != std::string::npos);
  CHECK(!bad.m->types.at(0)->tag.present());
}

TEST_CASE("tag errors") {
  Parsed p(wrap("#0 skip; #99999999999 skip; @0:1 skip;"));
  std::string e = p.errors();
  CHECK(e.find("statement id must be positive") != std::string::npos);
  CHECK(e.find("statement id '#99999999999' is out of range") != std::string::npos);
  CHECK(e.find("line numbers start at 1") != std::string::npos);
}

TEST_CASE("arrays: types, element paths, allocations") {
  Parsed p(R"(type Bag { items: uint8[]; rows: Bag[][]; }
var table: int32[] := new int32[100];
proc f(a: int[], b: Bag) returns (r: bool[]) {
  var m: int[][] := new int[n][];
  r := new bool[a[0] + 1] nondet;
  b.rows[i][j + 1].items[2] := a.length;
  x := new Bag;
})");
  REQUIRE_MESSAGE(p.ok(), p.errors());
  const Module &m = *p.m;
  CHECK(m.types[0]->fields[0].type.name == "uint8");
  CHECK(m.types[0]->fields[0].type.dims == 1);
  CHECK(m.types[0]->fields[1].type.name == "Bag");
  CHECK(m.types[0]->fields[1].type.dims == 2);
  const VarDecl &table = *m.globals[0];
  CHECK(table.type.dims == 1);
  REQUIRE(table.alloc);
  CHECK(!table.init);
  CHECK(table.alloc->type.name == "int32");
  CHECK(table.alloc->type.dims == 0);
  CHECK(table.alloc->length->value == 100);
  CHECK(table.alloc->extraDims == 0);
  CHECK(!table.alloc->fill);
  CHECK(p.proc().result->type.name == "bool");
  CHECK(p.proc().result->type.dims == 1);
  const auto &s = p.proc().body->stmts;
  const Allocation &mm = *s[0]->decls[0]->alloc;
  CHECK(mm.type.name == "int");
  CHECK(mm.extraDims == 1);
  CHECK(mm.length->name == "n");
  CHECK(mm.loc.col == 21);
  CHECK(s[1]->kind == Stmt::New);
  CHECK(s[1]->alloc->fill);
  CHECK(s[1]->alloc->length->kind == Expr::Binary);
  CHECK(s[1]->alloc->length->args[0]->selectors.size() == 1);
  const Expr &lhs = *s[2]->lhs;
  CHECK(lhs.name == "b");
  REQUIRE(lhs.selectors.size() == 5);
  const Selector::Kind kinds[] = {Selector::Field, Selector::Index, Selector::Index, Selector::Field,
                                  Selector::Index};
  for (size_t i = 0; i < 5; ++i)
    CHECK(lhs.selectors[i].kind == kinds[i]);
  CHECK(lhs.selectors[0].name == "rows");
  CHECK(lhs.selectors[1].index->name == "i");
  CHECK(lhs.selectors[2].index->op == ir::Op::Add);
  CHECK(lhs.selectors[2].loc.col == 12);
  CHECK(lhs.selectors[4].index->value == 2);
  // each selector's range is the path's text up to it: `b.rows[i][j + 1]`
  CHECK(lhs.selectors[2].range.begin.col == 3);
  CHECK(lhs.selectors[2].range.end.col == 19);
  CHECK(lhs.range.end.col == 28);
  // `.length` is a field selector until the checker sees an array
  CHECK(s[2]->value->selectors[0].kind == Selector::Field);
  CHECK(s[2]->value->selectors[0].name == "length");
  CHECK(s[3]->alloc->type.name == "Bag");
  CHECK(!s[3]->alloc->length);
}

TEST_CASE("arrays: syntax errors") {
  struct Case {
    std::string text;
    std::string message;
    uint32_t line, col;
  };
  const Case cases[] = {
      {"proc f() { x := new Node nondet; }",
       "only the elements of an array can start nondet ('new T[n] nondet')", 1, 26},
      {"proc f() { x := new int[]; }", "expected an expression, found ']'", 1, 25},
      {"proc f() { x := a[]; }", "expected an expression, found ']'", 1, 19},
      {"proc f() { var x: int[3]; }", "expected ']', found '3' (an array type is written 'T[]')", 1, 23},
      {"proc f(a: int[][x]) { }", "expected ']', found 'x' (an array type is written 'T[]')", 1, 17},
      {"proc f() { x := new int[2][3]; }",
       "expected ']', found '3' (only the outer array has a length: 'new T[n][]')", 1, 28},
      {"proc f() { x := new int[2] nondet nondet; }", "unexpected 'nondet'", 1, 35},
      {"proc f() { x := a[1; }", "missing ']'", 1, 20},
  };
  for (const Case &c : cases) {
    CAPTURE(c.text);
    Parsed p(c.text);
    REQUIRE(p.diags.hasErrors());
    const Diagnostic &d = p.diags.all().front();
    CHECK(d.message == c.message);
    CHECK(d.loc.line == c.line);
    CHECK(d.loc.col == c.col);
  }
}

TEST_CASE("syntax errors are worded for humans and located") {
  struct Case {
    std::string text;
    std::string message;
    uint32_t line, col;
  };
  const Case cases[] = {
      {"proc f() {\n  skip\n}\n", "expected ';' after statement", 2, 7},
      {"proc f() {\n  x := 1 y := 2;\n}\n", "expected ';' after statement", 2, 9},
      {"proc f() { } }\n", "unexpected '}'", 1, 14},
      {"proc f() { }\nx := 1;\n", "expected a declaration, found 'x'", 2, 1},
      {"proc f() {\n  x := 1 $ 2;\n}\n", "unexpected character '$'", 2, 10},
      {"proc f() { if (x { skip; } }\n", "missing ')'", 1, 18},
      {"proc f() { x := (1 + 2; }\n", "missing ')'", 1, 23},
      {"proc f() { skip;\n", "missing '}' at end of file", 2, 1},
      {"proc f() { x := ; }\n", "expected an expression, found ';'", 1, 17},
      {"import list;\n", "expected string, found 'list'", 1, 8},
      {"var x: int\n", "expected ';' after declaration", 1, 11},
      {"type T { f int; }\n", "expected ':', found 'int'", 1, 12},
      {"proc f() { assert x, \"unterminated; }\n", "unterminated string literal", 1, 22},
      {"proc f() { x := 1; } \x01", "unexpected character '\\x01'", 1, 22},
      {"proc f() { x := 1 +; }", "expected an expression, found ';'", 1, 20},
  };
  for (const Case &c : cases) {
    CAPTURE(c.text);
    Parsed p(c.text);
    REQUIRE(p.diags.hasErrors());
    const Diagnostic &d = p.diags.all().front();
    CHECK(d.message == c.message);
    CHECK(d.loc.line == c.line);
    CHECK(d.loc.col == c.col);
    for (const Diagnostic &x : p.diags.all()) {
      CHECK(x.message.find("mismatched input") == std::string::npos);
      CHECK(x.message.find("expecting {") == std::string::npos);
      CHECK(x.message.find("extraneous") == std::string::npos);
      CHECK(x.message.find("viable") == std::string::npos);
    }
  }
}

TEST_CASE("'=' and calls inside expressions: one error with the hint (issue 31)") {
  struct Case {
    std::string text;
    std::string message;
    uint32_t line, col;
  };
  const Case cases[] = {
      {"proc f(x: int) returns (r: int) {\n  r = x;\n}\n",
       "unexpected '=': assignment is written ':=' (and equality '==')", 2, 5},
      {"type N { v: int; }\nproc f(p: N, a: int[]) {\n  p.v = 1;\n  a[0] := 2;\n}\n",
       "unexpected '=': assignment is written ':=' (and equality '==')", 3, 7},
      {"proc f(x: int) returns (r: int) {\n  if (x = 1) { r := 2; }\n}\n",
       "unexpected '=': equality is written '==' (and assignment ':=')", 2, 9},
      {"proc g(x: int) returns (r: int) { r := x; }\nproc f(x: int) returns (r: int) {\n  r := g(x) + "
       "1;\n}\n",
       "a call cannot be part of an expression: call 'g' in a statement of its own ('y := g(…);') and use "
       "its "
       "result",
       3, 8},
      {"proc g(x: int) returns (r: int) { r := x; }\nproc f(x: int) {\n  assert 0 < g(x);\n}\n",
       "a call cannot be part of an expression: call 'g' in a statement of its own ('y := g(…);') and use "
       "its "
       "result",
       3, 14},
  };
  for (const Case &c : cases) {
    CAPTURE(c.text);
    Parsed p(c.text);
    REQUIRE(p.diags.all().size() == 1);
    const Diagnostic &d = p.diags.all().front();
    CHECK(d.message == c.message);
    CHECK(d.loc.line == c.line);
    CHECK(d.loc.col == c.col);
  }
  // a call as a statement, and as the whole right side of `:=`, are calls
  Parsed ok("proc g(x: int) returns (r: int) { r := x; }\nproc f(x: int) returns (r: int) {\n  g(x);\n  r := "
            "g(x);\n  [x > 0] g(x);\n}\n");
  CHECK(!ok.diags.hasErrors());
  // and so are they in printed IR, after a statement's tag
  Parsed ir(
      "proc g(x: int) returns (r: int) { r := x; }\nproc f(x: int) returns (r: int) {\n  #2 @3:3 g(x);  ^2 "
      "3:3+5 (3:5+1)\n  #3 @4:3 r := g(x);\n  @5:3 g(x);\n}\n");
  CHECK(!ir.diags.hasErrors());
}

TEST_CASE("error recovery reports every error of the file") {
  Parsed p(R"(proc f() {
  x := 1
  y := 2;
}
proc g() {
  if (x { skip; }
}
proc h() {
  z := 1 @ 2;
  w := 3 $;
}
)");
  CHECK(p.diags.errorCount() >= 4);
  std::string e = p.errors();
  CHECK(e.find("t.gcl:2:9: error: expected ';' after statement") != std::string::npos);
  CHECK(e.find("t.gcl:6:9: error: missing ')'") != std::string::npos);
  CHECK(e.find("t.gcl:10:10: error: unexpected character '$'") != std::string::npos);
  // sorted by position
  uint32_t last = 0;
  for (const Diagnostic &d : p.diags.all()) {
    CHECK(d.loc.line >= last);
    last = d.loc.line;
  }
  // whatever parsed survives
  CHECK(p.m->procs.size() == 3);
}

TEST_CASE("deep nesting is an error, never a crash") {
  SUBCASE("parentheses") {
    Parsed p("proc f() { x := " + std::string(100000, '(') + "1" + std::string(100000, ')') + "; }");
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("unclosed parentheses") {
    Parsed p(std::string(100000, '('));
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("braces") {
    Parsed p("proc f() " + std::string(50000, '{'));
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("prefix operators") {
    std::string s = "proc f() { x := ";
    for (int i = 0; i < 50000; ++i)
      s += "- not ! ";
    Parsed p(s + "1; }");
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("implications") {
    std::string s = "proc f() { b := b";
    for (int i = 0; i < 50000; ++i)
      s += " ==> b";
    Parsed p(s + "; }");
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("guards") {
    std::string s = "proc f() { ";
    for (int i = 0; i < 50000; ++i)
      s += "[b] ";
    Parsed p(s + "skip; }");
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("else if chains") {
    std::string s = "proc f() { if (b) { }";
    for (int i = 0; i < 50000; ++i)
      s += " else if (b) { }";
    Parsed p(s + " }");
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("long operator chains") {
    std::string s = "proc f() { x := 1";
    for (int i = 0; i < 100000; ++i)
      s += " + 1";
    Parsed p(s + "; }");
    CHECK(p.errors().find("nested too deeply") != std::string::npos);
  }
  SUBCASE("indices") {
    std::string s = "proc f() { x := ";
    for (int i = 0; i < 300; ++i)
      s += "a[";
    Parsed p(s + "0" + std::string(300, ']') + "; }");
    CHECK(p.errors().find("nesting is too deep") != std::string::npos);
  }
  SUBCASE("many element reads and array types are not nesting") {
    // A `[` after a name, a type or an index's `]` is no guard: it closes before the statement ends.
    std::string s = "proc f(a: int";
    for (int i = 0; i < 250; ++i)
      s += "[]";
    s += ") { [a[0][1] > 0] [b] x := 0";
    for (int i = 0; i < 300; ++i)
      s += " + a[" + std::to_string(i) + "][i]";
    Parsed p(s + "; }");
    CHECK_MESSAGE(p.ok(), p.errors());
    REQUIRE(p.m->procs.size() == 1);
    CHECK(p.proc().params[0]->type.dims == 250);
  }
  SUBCASE("moderate nesting is fine") {
    std::string s = "proc f() { x := " + std::string(100, '(') + "1" + std::string(100, ')') + ";";
    for (int i = 0; i < 100; ++i)
      s += " x := x + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9;";
    std::string chain = " if (b) { }";
    for (int i = 0; i < 50; ++i)
      chain += " else if (b) { skip; }";
    Parsed p(s + chain + " }");
    CHECK_MESSAGE(p.ok(), p.errors());
  }
}

TEST_CASE("garbage input never crashes") {
  CHECK(Parsed("").ok());
  CHECK(Parsed("// only a comment\n/* block */").ok());
  CHECK(!Parsed("\xff\xfe\x80 proc").ok());
  CHECK(!Parsed(std::string("proc f() { x := 1; }\0\0", 22)).ok());
  Parsed utf("proc f() { assert true, \"h\xc3\xa9llo\"; }");
  REQUIRE(utf.ok());
  CHECK(utf.stmt(0).message == "h\xc3\xa9llo");
  const char *pieces[] = {"proc", "f",       "(",        ")",     "{",   "}",    "[",      "]",    ";",
                          ":=",   "x",       "1",        "-",     "if",  "else", "while",  "var",  ":",
                          "int",  "#3",      "@",        "\"s\"", "==>", "not",  "new",    "type", ",",
                          ".",    "returns", "requires", "test",  "$",   "\"",   "import", "@1:2"};
  std::mt19937 rng(42);
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    int n = static_cast<int>(rng() % 40);
    for (int k = 0; k < n; ++k) {
      s += pieces[rng() % (sizeof(pieces) / sizeof(*pieces))];
      s += ' ';
    }
    Parsed p(s); // must not throw or crash
    for (const Diagnostic &d : p.diags.all())
      CHECK(d.loc.valid());
  }
}

// ---- imports ----------------------------------------------------------------------------------------

namespace {

struct TempDir {
  std::filesystem::path dir;
  TempDir() {
    dir = std::filesystem::temp_directory_path() /
          ("locus_fe_test_" + std::to_string(std::random_device{}()) + "_" + std::to_string(rand()));
    std::filesystem::create_directories(dir);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string write(const std::string &rel, const std::string &text) const {
    auto p = dir / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
};

std::vector<std::string> moduleFiles(const Unit &u, const SourceManager &sm) {
  std::vector<std::string> out;
  for (auto &m : u.modules)
    out.push_back(std::filesystem::path(sm.path(m->file)).filename().string());
  return out;
}

std::string printed(const Diagnostics &d) {
  std::ostringstream os;
  d.print(os, false);
  return os.str();
}

} // namespace

TEST_CASE("imports: relative paths, each file once, imports first") {
  TempDir t;
  t.write("lib/a.gcl", "import \"b.gcl\";\nproc a() { }\n");
  t.write("lib/b.gcl", "proc b() { }\n");
  t.write("c.gcl", "import \"lib/b.gcl\";\nproc c() { }\n");
  std::string main =
      t.write("main.gcl", "import \"lib/a.gcl\";\nimport \"c.gcl\";\nimport \"lib/../lib/b.gcl\";\n"
                          "proc main() { }\n");
  SourceManager sm;
  Diagnostics diags(sm);
  auto u = loadUnit(main, sm, diags);
  REQUIRE(u);
  REQUIRE_MESSAGE(!diags.hasErrors(), printed(diags));
  CHECK(moduleFiles(*u, sm) == std::vector<std::string>{"b.gcl", "a.gcl", "c.gcl", "main.gcl"});
}

TEST_CASE("imports: missing files, unreadable main, cycles") {
  TempDir t;
  std::string main = t.write("main.gcl", "import \"nothere.gcl\";\nimport \"nolib\";\nproc main() { }\n");
  SourceManager sm;
  Diagnostics diags(sm);
  FrontendOptions opts;
  opts.importPath = {t.dir.string()};
  auto u = loadUnit(main, sm, diags, opts);
  REQUIRE(u);
  std::string e = printed(diags);
  CHECK(e.find("main.gcl:1:1: error: cannot find imported file 'nothere.gcl'") != std::string::npos);
  CHECK(e.find("main.gcl:2:1: error: cannot find imported file 'nolib'") != std::string::npos);
  CHECK(u->modules.size() == 1);

  SourceManager sm2;
  Diagnostics d2(sm2);
  CHECK(!loadUnit((t.dir / "absent.gcl").string(), sm2, d2));

  t.write("x.gcl", "import \"y.gcl\";\n");
  t.write("y.gcl", "\nimport \"x.gcl\";\n");
  std::string cyc = t.write("top.gcl", "import \"x.gcl\";\n");
  SourceManager sm3;
  Diagnostics d3(sm3);
  auto u3 = loadUnit(cyc, sm3, d3);
  REQUIRE(u3);
  std::string e3 = printed(d3);
  CHECK(e3.find("y.gcl:2:1: error: import cycle: 'x.gcl' is already being imported") != std::string::npos);
  CHECK(e3.find("note: 'y.gcl' imported here") != std::string::npos);
  CHECK(u3->modules.size() == 3);

  std::string self = t.write("self.gcl", "import \"self.gcl\";\n");
  SourceManager sm4;
  Diagnostics d4(sm4);
  loadUnit(self, sm4, d4);
  CHECK(printed(d4).find("import cycle") != std::string::npos);
}

TEST_CASE("imports: library names search the import path") {
  TempDir lib, src;
  lib.write("list.gcl", "type List { next: List; }\n");
  lib.write("mylib.gcl", "import \"list\";\nproc m() { }\n");
  std::string main = src.write("main.gcl", "import \"mylib\";\nimport \"list\";\n");
  SourceManager sm;
  Diagnostics diags(sm);
  FrontendOptions opts;
  opts.importPath = {(src.dir / "empty").string(), lib.dir.string()};
  auto u = loadUnit(main, sm, diags, opts);
  REQUIRE(u);
  REQUIRE_MESSAGE(!diags.hasErrors(), printed(diags));
  CHECK(moduleFiles(*u, sm) == std::vector<std::string>{"list.gcl", "mylib.gcl", "main.gcl"});

  // $LOCUS_STDLIB when no import path is given
  setenv("LOCUS_STDLIB", lib.dir.string().c_str(), 1);
  CHECK(stdlibSearchPath({}) == std::vector<std::string>{lib.dir.string()});
  SourceManager sm2;
  Diagnostics d2(sm2);
  auto u2 = loadUnit(main, sm2, d2);
  unsetenv("LOCUS_STDLIB");
  REQUIRE(u2);
  CHECK_MESSAGE(!d2.hasErrors(), printed(d2));
  // the source tree's stdlib/ otherwise
  CHECK(stdlibSearchPath({}) == std::vector<std::string>{std::string(LOCUS_SOURCE_DIR) + "/stdlib"});
}

TEST_CASE("imports: in-memory main file") {
  TempDir t;
  t.write("dep.gcl", "proc d() { }\n");
  SourceManager sm;
  Diagnostics diags(sm);
  uint32_t f = sm.add((t.dir / "virtual.gcl").string(), "import \"dep.gcl\";\nproc m() { d(); }\n");
  Unit u = loadUnitFromFile(f, sm, diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), printed(diags));
  REQUIRE(u.modules.size() == 2);
  CHECK(u.modules[1]->file == f);
}
