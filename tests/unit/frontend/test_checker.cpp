// Unit tests of the GCL checker: name resolution, type checking, annotations and every diagnostic kind.
#include "frontend/gcl/frontend.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace locus;
using namespace locus::gcl;

namespace {

/// Parses and checks in-memory modules (each a separate file; earlier ones act as imports).
struct Checked {
  SourceManager sm;
  Diagnostics diags{sm};
  Unit unit;
  bool ok = false;
  explicit Checked(std::vector<std::string> texts) {
    for (size_t i = 0; i < texts.size(); ++i) {
      uint32_t f = sm.add("m" + std::to_string(i) + ".gcl", std::move(texts[i]));
      unit.modules.push_back(parseModule(f, sm, diags));
    }
    REQUIRE_MESSAGE(!diags.hasErrors(), errors());
    ok = checkUnit(unit, diags);
  }
  explicit Checked(std::string text) : Checked(std::vector<std::string>{std::move(text)}) {}
  std::string errors() const {
    std::ostringstream os;
    diags.print(os, false);
    return os.str();
  }
  bool has(const std::string &msg) const { return errors().find(msg) != std::string::npos; }
  const ProcDecl &proc(const std::string &name) const {
    for (auto &m : unit.modules)
      for (auto &p : m->procs)
        if (p->name == name)
          return *p;
    FAIL("no procedure " << name);
    return *unit.modules[0]->procs[0];
  }
};

const char *kPrelude = "type Node { next: Node; val: int; }\ntype Pair { a: Node; b: bool; }\nvar g: int;\n";

std::string withPrelude(const std::string &s) {
  return std::string(kPrelude) + s;
}

/// Checks that `body` (inside `proc p(x: int, b: bool, n: Node) returns (r: int)`) gives exactly one error
/// containing `msg`.
void expectOneError(const std::string &body, const std::string &msg) {
  CAPTURE(body);
  Checked c(withPrelude("proc f(a: int, c: bool) returns (res: int) { }\nproc h() { }\ntest t { }\n"
                        "proc p(x: int, b: bool, n: Node) returns (r: int) {\n" +
                        body + "\n}\n"));
  CHECK(!c.ok);
  CHECK_MESSAGE(c.diags.errorCount() == 1, c.errors());
  CHECK_MESSAGE(c.has(msg), c.errors());
}

/// The field indices the checker gave a path's selectors.
std::vector<uint32_t> fieldIdx(const Expr &e) {
  std::vector<uint32_t> out;
  for (const Selector &s : e.selectors)
    out.push_back(s.fieldIdx);
  return out;
}

} // namespace

TEST_CASE("annotations") {
  Checked c(withPrelude(R"(
var head: Node;
proc push(v: int) returns (res: Node)
  requires v >= 0
  ensures res != null
{
  var n: Node;
  n := new Node;
  n.val := v;
  n.next := head;
  head := n;
  res := n;
  if (v > 0) { var k: int := n.next.val; } else if (v == 0) { var k: bool; } else { skip; }
}
test t1 {
  var p: Pair;
  var m: Node := null;
  p := new Pair;
  m := push(3);
  p.a := m;
  assert p.a.val == 3, "pushed";
  push(4);
}
)"));
  REQUIRE_MESSAGE(c.ok, c.errors());
  const ProcDecl &push = c.proc("push");
  CHECK(push.params[0]->type.resolved == ir::Type::intType());
  CHECK(push.result->type.resolved == ir::Type::refType(0));
  const auto &s = push.body->stmts;
  CHECK(s[0]->decls[0]->type.resolved == ir::Type::refType(0));
  CHECK(s[1]->alloc->resolved == ir::Type::refType(0));
  const Expr &lhs = *s[2]->lhs;
  CHECK(lhs.decl == s[0]->decls[0].get());
  CHECK(fieldIdx(lhs) == std::vector<uint32_t>{1});
  CHECK(lhs.type == ir::Type::intType());
  CHECK(fieldIdx(*s[3]->lhs) == std::vector<uint32_t>{0});
  CHECK(s[3]->value->decl->kind == ir::VarKind::Global);
  CHECK(s[5]->lhs->decl == push.result.get());
  const Expr &deep = *s[6]->then->stmts[0]->decls[0]->init;
  CHECK(fieldIdx(deep) == std::vector<uint32_t>{0, 1});
  CHECK(deep.type == ir::Type::intType());
  CHECK(push.contracts[1].expr->type == ir::Type::boolType());
  CHECK(push.contracts[1].expr->args[0]->decl == push.result.get());
  CHECK(push.contracts[1].expr->args[1]->type == ir::Type::nullType());

  const ProcDecl &t1 = c.proc("t1");
  const auto &ts = t1.body->stmts;
  CHECK(ts[2]->alloc->resolved == ir::Type::refType(1));
  CHECK(ts[3]->calleeDecl == &push);
  CHECK(ts[6]->calleeDecl == &push);
  CHECK(fieldIdx(*ts[5]->value->args[0]) == std::vector<uint32_t>{0, 1});
}

TEST_CASE("record indices follow module order, then declaration order") {
  Checked c(std::vector<std::string>{"type A { x: int; }\ntype B { a: A; }\n",
                                     "type C { b: B; }\nproc p() { var c: C; var a: A; }\n"});
  REQUIRE_MESSAGE(c.ok, c.errors());
  const auto &s = c.proc("p").body->stmts;
  CHECK(s[0]->decls[0]->type.resolved == ir::Type::refType(2));
  CHECK(s[1]->decls[0]->type.resolved == ir::Type::refType(0));
  CHECK(c.unit.modules[0]->types[1]->fields[0].type.resolved == ir::Type::refType(0));
}

TEST_CASE("scoping: blocks, shadowing, globals") {
  SUBCASE("sibling blocks may reuse names; locals may shadow globals") {
    Checked c(withPrelude("proc p() { var g: bool := true; { var t: int; } { var t: bool; } assert g; }"));
    CHECK_MESSAGE(c.ok, c.errors());
  }
  SUBCASE("a local is not visible after its block") {
    Checked c(withPrelude("proc p() { { var t: int; } t := 1; }"));
    CHECK(c.has("m0.gcl:4:28: error: use of undeclared variable 't'"));
  }
  SUBCASE("initializer sees the outer name, not the new one") {
    Checked c(withPrelude("proc p() { var y: int := y; }"));
    CHECK(c.has("use of undeclared variable 'y'"));
  }
  SUBCASE("contract blocks see the body's top-level locals") {
    Checked c(withPrelude("proc p(x: int) returns (r: int)\n"
                          "  requires { #1 @1:1 b0 := x > 0; #2 @1:1 assert b0; }\n"
                          "  ensures { [b0] b1 := r > 0; assert b1; }\n"
                          "{ var b0: bool; var b1: bool; r := x; }"));
    CHECK_MESSAGE(c.ok, c.errors());
  }
}

TEST_CASE("every diagnostic kind") {
  expectOneError("y := 1;", "use of undeclared variable 'y'");
  expectOneError("x := true;", "type mismatch: cannot assign 'bool' to 'int'");
  expectOneError("n := 1;", "type mismatch: cannot assign 'int' to 'Node'");
  expectOneError("x := n.nxt;", "record 'Node' has no field 'nxt'");
  expectOneError("x := x.val;", "cannot access field 'val' of 'x', which has non-record type 'int'");
  expectOneError("x.val := 1;", "cannot access field 'val' of 'x'");
  expectOneError("n.next.val := b;", "type mismatch: cannot assign 'bool' to 'int'");
  expectOneError("var q: Pair; q := new Node;", "type mismatch: cannot assign 'Node' to 'Pair'");
  expectOneError("x := new Node;", "type mismatch: cannot assign 'Node' to 'int'");
  expectOneError("n := new Nod;", "unknown type 'Nod'");
  expectOneError("var q: Nod;", "unknown type 'Nod'");
  expectOneError("x := f(1);", "procedure 'f' expects 2 arguments, got 1");
  expectOneError("x := f(1, 2);", "type mismatch: argument 2 of 'f' must be 'bool', got 'int'");
  expectOneError("b := f(1, true);", "type mismatch: cannot assign 'int' to 'bool'");
  expectOneError("x := h();", "procedure 'h' does not return a value");
  expectOneError("zz();", "use of undeclared procedure 'zz'");
  expectOneError("t();", "cannot call test 't'");
  expectOneError("if (x) { skip; }", "condition must have type 'bool', got 'int'");
  expectOneError("while (n) { skip; }", "condition must have type 'bool', got 'Node'");
  expectOneError("assume 1;", "condition must have type 'bool', got 'int'");
  expectOneError("assert x + 1;", "condition must have type 'bool', got 'int'");
  expectOneError("[x] skip;", "condition must have type 'bool', got 'int'");
  expectOneError("return b;", "type mismatch: cannot return 'bool' from procedure 'p' returning 'int'");
  expectOneError("break;", "'break' outside of a loop");
  expectOneError("if (b) { continue; }", "'continue' outside of a loop");
  expectOneError("var x: int;", "redefinition of 'x'");
  expectOneError("var r: int;", "redefinition of 'r'");
  expectOneError("var y: int; { var y: bool; }", "redefinition of 'y'");
  expectOneError("y := 1; var y: int;", "use of undeclared variable 'y'");
  expectOneError("x := x + b;", "operator '+' expects 'int' operands, got 'int' and 'bool'");
  expectOneError("b := x < b;", "operator '<' expects 'int' operands, got 'int' and 'bool'");
  expectOneError("b := b and x;", "operator 'and' expects 'bool' operands, got 'bool' and 'int'");
  expectOneError("b := x ==> b;", "operator '==>' expects 'bool' operands");
  expectOneError("b := not x;", "operator 'not' expects 'bool', got 'int'");
  expectOneError("x := -b;", "operator '-' expects 'int', got 'bool'");
  expectOneError("b := x == b;", "cannot compare 'int' with 'bool'");
  expectOneError("var q: Pair; b := q == n;", "cannot compare 'Pair' with 'Node'");
  expectOneError("b := x == null;", "cannot compare 'int' with 'null'");
}

TEST_CASE("valid corner cases") {
  Checked c(withPrelude(R"(
proc q(a: Node) returns (r: Node) { r := null; return null; }
proc p(x: int, b: bool, n: Node) {
  n := null;
  b := n == null and null == n and null == null and n != n;
  n := q(null);
  q(n);
  n := nondet; x := nondet; b := nondet; n.next := nondet;
  while (b) { if (b) { break; } else { continue; } }
  return;
  halt;
  concrete { x := x / 2; }
  x := -9223372036854775808;
}
test empty { return; }
)"));
  CHECK_MESSAGE(c.ok, c.errors());
}

TEST_CASE("top-level and signature errors") {
  SUBCASE("duplicate definitions across modules, with notes") {
    Checked c(std::vector<std::string>{"type T { }\nproc f() { }\nvar v: int;\n",
                                       "type T { }\ntest f { }\nproc v() { }\n"});
    CHECK(!c.ok);
    CHECK(c.has("m1.gcl:1:6: error: redefinition of 'T'\nm0.gcl:1:6: note: previous definition is here"));
    CHECK(c.has("m1.gcl:2:6: error: redefinition of 'f'"));
    CHECK(c.has("m1.gcl:3:6: error: redefinition of 'v'"));
    CHECK(c.diags.errorCount() == 3);
  }
  SUBCASE("duplicate fields and parameters") {
    Checked c("type T { a: int; a: bool; }\nproc f(x: int, x: bool) returns (x: int) { }\n");
    CHECK(c.has("duplicate field 'a' in record 'T'"));
    CHECK(c.has("m0.gcl:2:16: error: redefinition of 'x'"));
    CHECK(c.has("m0.gcl:2:34: error: redefinition of 'x'"));
  }
  SUBCASE("unknown field and parameter types") {
    Checked c("type T { a: U; }\nproc f(x: V) returns (r: W) { }\nvar g: X;\n");
    CHECK(c.diags.errorCount() == 4);
    CHECK(c.has("unknown type 'U'"));
    CHECK(c.has("unknown type 'X'"));
  }
  SUBCASE("global initializers") {
    Checked c("var g: int := 3;\n");
    CHECK(c.has("global variable 'g' cannot have an initializer"));
  }
  SUBCASE("return in a procedure or test without result") {
    Checked c("proc f() { return 1; }\ntest t { return true; }\n");
    CHECK(c.has("procedure 'f' has no result to return"));
    CHECK(c.has("test 't' has no result to return"));
  }
}

TEST_CASE("contracts") {
  SUBCASE("requires may not use the result; ensures may") {
    Checked c("var g: int;\nproc f(x: int) returns (r: int) requires r > x ensures r > g { }\n");
    CHECK(c.diags.errorCount() == 1);
    CHECK(c.has("the result 'r' cannot be used in a requires clause"));
  }
  SUBCASE("contracts do not see body locals") {
    Checked c("proc f(x: int) ensures y > 0 { var y: int; }\n");
    CHECK(c.has("use of undeclared variable 'y'"));
  }
  SUBCASE("contract conditions are bool") {
    Checked c("proc f(x: int) requires x { }\n");
    CHECK(c.has("condition must have type 'bool', got 'int'"));
  }
  SUBCASE("contract blocks allow only assignments and assertions") {
    Checked c("type T { f: int; }\nproc f(x: int, t: T) requires { halt; t.f := 1; x := t.f; assert x > 0; } "
              "{ }\n");
    CHECK(c.diags.errorCount() == 2);
    CHECK(c.has("only assignments, field reads and assertions are allowed in a contract block"));
    CHECK(c.has("a contract block cannot write to the heap"));
  }
}

TEST_CASE("errors do not cascade; every error is reported") {
  Checked c(withPrelude(R"(proc p(x: int) {
  x := (y + 1) * 2 + z;
  x := n.val;
  var q: Nod;
  q.a := 1;
  q := new Node;
  assert y == 1;
  zz(y, 1);
}
)"));
  // y (twice), z, n, Nod, zz; nothing about the expressions built on them
  CHECK_MESSAGE(c.diags.errorCount() == 7, c.errors());
  CHECK(!c.has("operator"));
  CHECK(!c.has("type mismatch"));
  CHECK(!c.has("condition"));
}

TEST_CASE("arrays: types, selectors and allocations are annotated") {
  Checked c(withPrelude(R"(
type Bag { items: uint8[]; length: int; rows: int32[][]; }
var table: int32[] := new int32[100];
proc p(a: int[], bag: Bag, ns: Node[]) returns (r: int) {
  var m: bool[][] := new bool[3][];
  r := a[r] + bag.length + a.length;
  bag.rows[0][1] := int32(bag.items.length);
  ns[0].next.val := 1;
  ns := new Node[r] nondet;
  var n8: int8 := a.length;
}
)"));
  REQUIRE_MESSAGE(c.ok, c.errors());
  const ProcDecl &p = c.proc("p");
  const ir::Type intArr = ir::Type::arrayOf(ir::Type::intType());
  CHECK(p.params[0]->type.resolved == intArr);
  CHECK(p.params[2]->type.resolved == ir::Type::arrayOf(ir::Type::refType(0)));
  const auto &s = p.body->stmts;
  const Allocation &m = *s[0]->decls[0]->alloc;
  CHECK(m.resolved == ir::Type::arrayOf(ir::Type::arrayOf(ir::Type::boolType())));
  CHECK(m.extraDims == 1);
  // a[r] + bag.length + a.length: an element, a record's field called `length`, an array's length
  const Expr &sum = *s[1]->value;
  const Expr &elem = *sum.args[0]->args[0];
  REQUIRE(elem.selectors.size() == 1);
  CHECK(elem.selectors[0].kind == Selector::Index);
  CHECK(elem.selectors[0].type == ir::Type::intType());
  CHECK(elem.selectors[0].index->decl == p.result.get());
  const Expr &field = *sum.args[0]->args[1];
  CHECK(field.selectors[0].kind == Selector::Field);
  CHECK(field.selectors[0].fieldIdx == 1);
  CHECK(sum.args[1]->selectors[0].kind == Selector::Length);
  CHECK(sum.args[1]->type == ir::Type::intType());
  const Expr &lhs = *s[2]->lhs;
  REQUIRE(lhs.selectors.size() == 3);
  CHECK(lhs.selectors[0].type == ir::Type::arrayOf(ir::Type::arrayOf(ir::Type::fixedInt(32, true))));
  CHECK(lhs.selectors[1].type == ir::Type::arrayOf(ir::Type::fixedInt(32, true)));
  CHECK(lhs.type == ir::Type::fixedInt(32, true));
  CHECK(s[2]->value->args[0]->selectors[1].kind == Selector::Length);
  CHECK(fieldIdx(*s[3]->lhs) == std::vector<uint32_t>{ir::kNone, 0, 1});
  CHECK(s[4]->alloc->fill);
  CHECK(s[4]->alloc->resolved == ir::Type::arrayOf(ir::Type::refType(0)));
  // a length read into a fixed-width variable takes its type (ir::Stmt::Length converts)
  CHECK(s[5]->decls[0]->init->type == ir::Type::fixedInt(8, true));
  const VarDecl &table = *c.unit.modules[0]->globals[1];
  CHECK(table.type.resolved == ir::Type::arrayOf(ir::Type::fixedInt(32, true)));
  CHECK(table.alloc->length->value == 100);
}

TEST_CASE("arrays: every diagnostic") {
  // (in `proc p(x: int, b: bool, n: Node) returns (r: int)`)
  expectOneError("var a: int[]; x := x[0];", "cannot index 'x', which has non-array type 'int'");
  expectOneError("var a: int[]; x := n.next[1];", "cannot index 'n.next', which has non-array type 'Node'");
  expectOneError("var a: int[]; x := a[b];", "an array index must be an int, got 'bool'");
  expectOneError("var a: int[]; x := a[n];", "an array index must be an int, got 'Node'");
  expectOneError("var a: int[]; x := a.size;",
                 "an array has no field 'size' (only 'length'): 'a' has type 'int[]'");
  expectOneError("var a: int[][]; x := a[0].val;",
                 "an array has no field 'val' (only 'length'): 'a[0]' has type 'int[]'");
  expectOneError("var a: int[]; x := a[0].val;",
                 "cannot access field 'val' of 'a[0]', which has non-record type 'int'");
  expectOneError("x := x.length;", "cannot access field 'length' of 'x', which has non-record type 'int'");
  expectOneError("var a: int[]; x := a.length.val;",
                 "cannot access field 'val' of 'a.length', which has non-record type 'int'");
  expectOneError("var a: int[]; a.length := 3;", "cannot assign to the length of an array");
  expectOneError("var a: bool[]; a[0] := 1;", "type mismatch: cannot assign 'int' to 'bool'");
  expectOneError("var a: int8[]; a[0] := 300;", "integer literal 300 is out of range for 'int8'");
  expectOneError("var a: int[]; a := new Nod[3];", "unknown type 'Nod'");
  expectOneError("var a: int[]; a := new int;",
                 "'new' allocates records and arrays, not 'int' (an array: 'new int[n]')");
  expectOneError("var a: int[]; a := new int[b];", "the length of an array must be an int, got 'bool'");
  expectOneError("var a: int[]; a := new bool[3];", "type mismatch: cannot assign 'bool[]' to 'int[]'");
  expectOneError("var a: int[]; a := new int[3][];", "type mismatch: cannot assign 'int[][]' to 'int[]'");
  expectOneError("n := new Node[3];", "type mismatch: cannot assign 'Node[]' to 'Node'");
  expectOneError("var a: int[] := new int8[2];", "type mismatch: cannot assign 'int8[]' to 'int[]'");
  expectOneError("var a: int[]; var c: bool[]; c := a;", "type mismatch: cannot assign 'int[]' to 'bool[]'");
  expectOneError("var a: int[]; x := a;", "type mismatch: cannot assign 'int[]' to 'int'");
  expectOneError("var a: int[]; var c: int8[]; b := a == c;", "cannot compare 'int[]' with 'int8[]'");
  expectOneError("var a: Node[]; b := a == n;", "cannot compare 'Node[]' with 'Node'");
  expectOneError("var a: int[]; x := a[0] + b;", "operator '+' expects 'int' operands, got 'int' and 'bool'");
  expectOneError("var a: int[]; var y: int32 := a.length + 1;",
                 "type mismatch: cannot assign 'int' to 'int32'");
  expectOneError("var a: int[]; f(a, b);", "argument 1 of 'f' must be 'int', got 'int[]'");
  expectOneError("var a: int[]; x := q[0];", "use of undeclared variable 'q'");
  expectOneError("var a: int[]; x := a[q];", "use of undeclared variable 'q'");
}

TEST_CASE("arrays: valid corner cases") {
  Checked c(withPrelude(R"(
type L { length: L; }
var empty: bool[] := new bool[0];
var big: int8[] := new int8[1099511627776];
var deep: Node[][][] := new Node[2][][];
proc p(a: int[], l: L) returns (r: int[])
  requires a == null or a.length > 0
  ensures r != null ==> r.length == 3
{
  var b: bool;
  b := a == null and null == a and a == r and a != null;
  r := null;
  r := a;
  r := new int[3];
  a := nondet;
  l.length.length := l;
  r[int8(1)] := r[2u64] + r[-1];
  deep[0] := new Node[1][];
  deep[0][0] := new Node[2] nondet;
  deep[0][0][1] := new Node;
  var c: int[] := new int[big.length];
  var n: uint64 := c.length;
  var count: int := 0;
  r[0] := scan "%d", count;
}
)"));
  CHECK_MESSAGE(c.ok, c.errors());
}

TEST_CASE("arrays: global allocations") {
  Checked c(
      withPrelude("var a1: int[] := new int[n];\nvar a2: int[] := new int[-1];\nvar a3: Node := new Node;\n"
                  "var a4: int[] := new int[3] nondet;\nvar a5: int[] := new int[1099511627777];\n"
                  "var a6: int[] := new int[1 + 1];\nvar a7: int := 3;\nvar a8: bool[] := new int[2];\n"));
  CHECK(c.diags.errorCount() == 8);
  CHECK(
      c.has("m0.gcl:4:26: error: the length of global array 'a1' must be an integer literal (it is allocated "
            "before the program runs)"));
  CHECK(c.has("m0.gcl:5:26: error: the length of global array 'a2' must be from 0 to 1099511627776, got -1"));
  CHECK(c.has(
      "m0.gcl:6:17: error: global variable 'a3' cannot be initialized with a record ('new Node'); only a "
      "global array may be allocated"));
  CHECK(c.has("m0.gcl:7:18: error: global array 'a4' starts with its elements at their default: 'nondet' "
              "contents are not allowed here"));
  CHECK(c.has("m0.gcl:8:26: error: the length of global array 'a5' must be from 0 to 1099511627776, got "
              "1099511627777"));
  CHECK(c.has("m0.gcl:9:28: error: the length of global array 'a6' must be an integer literal"));
  CHECK(c.has("m0.gcl:10:16: error: global variable 'a7' cannot have an initializer"));
  CHECK(c.has("m0.gcl:11:19: error: type mismatch: cannot assign 'int[]' to 'bool[]'"));
}

TEST_CASE("arrays: contract blocks do not write elements") {
  Checked c("proc f(a: int[]) requires { a[0] := 1; x := a[0]; } { var x: int; }\n");
  CHECK(c.diags.errorCount() == 1);
  CHECK(c.has("a contract block cannot write to the heap"));
}
