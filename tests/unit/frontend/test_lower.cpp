// Unit tests of the GCL lowering: IR shapes for each construct, and print → compile round trips.
#include "frontend/gcl/frontend.h"
#include "ir/printer.h"
#include "ir/validate.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

using namespace locus;
namespace ir = locus::ir;

namespace {

std::optional<ir::Program> tryCompile(const std::string &text, const std::string &path = "test.gcl",
                                      std::string *errors = nullptr) {
  SourceManager sm;
  Diagnostics diags(sm);
  auto prog = gcl::compileText(path, text, sm, diags);
  if (errors) {
    std::ostringstream os;
    diags.print(os, false);
    *errors = os.str();
  }
  return prog;
}

ir::Program compile(const std::string &text) {
  std::string errors;
  auto prog = tryCompile(text, "test.gcl", &errors);
  INFO(errors);
  REQUIRE(prog.has_value());
  return *prog;
}

/// The body of procedure `name` printed without tags, one statement per line (nested bodies indented).
std::string body(const ir::Program &prog, const std::string &name) {
  ir::PrintOptions opts;
  opts.tags = false;
  std::string text = ir::toString(prog, opts);
  size_t at = text.find("proc " + name + "(");
  if (at == std::string::npos)
    at = text.find("test " + name);
  REQUIRE(at != std::string::npos);
  size_t open = text.find("\n{\n", at);
  size_t close = text.find("\n}\n", open);
  std::string out;
  std::istringstream in(text.substr(open + 3, close - open - 3));
  for (std::string line; std::getline(in, line);)
    if ((line.find("var ") == std::string::npos && line.find("temp ") == std::string::npos) ||
        line.find(":=") != std::string::npos)
      out += line.substr(2) + "\n";
  return out;
}

/// print → compile again: exactly the same program (ids, locations, files table), and the same text.
void roundTrip(const ir::Program &prog) {
  std::string text = ir::toString(prog);
  std::string errors;
  auto again = tryCompile(text, "printed.gcl", &errors);
  INFO(text);
  INFO(errors);
  REQUIRE(again.has_value());
  CHECK(bool(prog == *again));
  CHECK(ir::toString(*again) == text);
}

} // namespace

TEST_CASE("lower: straight-line primitives keep their shape") {
  auto prog = compile(R"(
type Node { next: Node; val: int; }
var head: Node;
proc f(x: Node, v: int) returns (r: int) {
  var n: Node;
  n := new Node;
  n.val := v;
  n.next := x;
  r := n.val;
  v := nondet;
  assume v > 0;
  assert v != 0, "v is \"zero\"";
  head := n;
  skip;
  halt;
}
)");
  CHECK(body(prog, "f") == R"(n := new Node;
n.val := v;
n.next := x;
r := n.val;
v := nondet;
assume v > 0;
assert v != 0, "v is \"zero\"";
head := n;
skip;
halt;
)");
  CHECK(prog.files == std::vector<std::string>{"test.gcl"});
  const ir::Procedure &f = prog.procs.at(0);
  REQUIRE(f.body.size() == 10);
  CHECK(f.body[0].id == 1);
  CHECK(f.body[9].id == 10);
  CHECK(f.body[1].loc.line == 7);
  CHECK(f.body[1].loc.col == 3);
  CHECK(f.vars.at(f.result).kind == ir::VarKind::Return);
  roundTrip(prog);
}

TEST_CASE("lower: field paths, if/else, short circuit") {
  auto prog = compile(R"(
type Node { next: Node; val: int; }
proc g(x: Node) returns (r: int) {
  if (x != null and x.next.val > 0) {
    r := x.next.val;
  } else {
    x.next.val := 3;
    r := -1;
  }
}
)");
  CHECK(body(prog, "g") == R"(b0 := x != null;
[b0] t0 := x.next;
[b0] t1 := t0.val;
b1 := b0 and t1 > 0;
[b1] t2 := x.next;
[b1] r := t2.val;
b2 := not b1;
[b2] t3 := x.next;
[b2] t3.val := 3;
[b2] r := -1;
)");
  roundTrip(prog);
}

TEST_CASE("lower: nested guards combine into temporaries") {
  auto prog = compile(R"(
proc h(a: int, c: bool) returns (r: int) {
  if (a > 0) {
    if (c) { r := 1; } else { r := 2; }
  }
  [c] r := r + 1;
}
)");
  CHECK(body(prog, "h") == R"(b0 := a > 0;
b1 := b0 and c;
[b1] r := 1;
b2 := b0 and not b1;
[b2] r := 2;
[c] r := r + 1;
)");
  roundTrip(prog);
}

TEST_CASE("lower: a condition variable assigned in its branch is copied") {
  auto prog = compile(R"(
proc k(c: bool) returns (r: int) {
  if (c) { c := false; r := 1; } else { r := 2; }
}
)");
  CHECK(body(prog, "k") == R"(b0 := c;
[b0] c := false;
[b0] r := 1;
b1 := not b0;
[b1] r := 2;
)");
  roundTrip(prog);
  auto ret = compile("proc q() returns (r: bool) { r := true; [r] return false; r := true; }");
  CHECK(body(ret, "q") == R"(r := true;
b0 := r;
[b0] r := false;
[b0] return;
r := true;
)");
}

TEST_CASE("lower: loops recompute their condition, also before continue") {
  auto prog = compile(R"(
type Node { next: Node; val: int; }
proc len(x: Node) returns (n: int) {
  while (x != null) {
    x := x.next;
    if (n > 100) { continue; }
    n := n + 1;
    var seen: bool;
  }
  var done: bool := true;
  while (done) { done := false; break; }
}
)");
  CHECK(body(prog, "len") == R"(b0 := x != null;
while (b0) {
  x := x.next;
  b1 := n > 100;
  [b1] b0 := x != null;
  [b1] continue;
  n := n + 1;
  seen := false;
  b0 := x != null;
}
done := true;
while (done) {
  done := false;
  break;
}
)");
  roundTrip(prog);
}

TEST_CASE("lower: renaming of shadowing locals, return, calls, concrete, contracts") {
  auto prog = compile(R"(
type Node { next: Node; val: int; }
var x: int;
proc id(v: int) returns (r: int)
  requires v >= 0
  ensures r == v
{
  return v;
}
proc m(p: Node) returns (r: int)
  requires p == null or p.val > 0
{
  { var x: int := 1; r := x; }
  { var x: int := 2; r := r + x; }
  r := id(p.val);
  p.val := id(3);
  concrete { r := r + 1; }
  id(r);
}
test t1 {
  var r: int;
  r := id(2);
  assert r == 2;
}
)");
  const ir::Procedure &m = prog.procs.at(1);
  std::vector<std::string> names;
  for (const auto &v : m.vars)
    names.push_back(v.name);
  CHECK(names == std::vector<std::string>{"p", "r", "x_1", "x_2", "t0", "t1", "b0", "b1", "t2"});
  CHECK(body(prog, "m") == R"(x_1 := 1;
r := x_1;
x_2 := 2;
r := r + x_2;
t0 := p.val;
r := id(t0);
t1 := id(3);
p.val := t1;
concrete {
  r := r + 1;
}
id(r);
)");
  CHECK(body(prog, "id") == "r := v;\nreturn;\n");
  REQUIRE(m.pre.size() == 4);
  CHECK(m.pre[3].kind == ir::Stmt::Assert);
  CHECK(m.pre[3].assertKind == ir::AssertKind::Requires);
  CHECK(prog.procs.at(0).post.at(0).assertKind == ir::AssertKind::Ensures);
  CHECK(prog.procs.at(2).isTest);
  roundTrip(prog);
}

TEST_CASE("lower: canonical input lowers to itself, ids and locations from tags") {
  std::string text = R"(type Node @"orig/f.gcl" 1:6 {
  next: Node @2:3;
  val: int @3:3;
}

proc f(x: Node @1:8) returns (r: int @1:26) @"orig/f.gcl" 1:6
requires {
  #40 @2:12 assert x != null;
}
{
  var b0: bool @3:5;
  var t0: Node @3:5;
  #7 @3:5 b0 := x != null;
  #8 @3:5 [b0] t0 := x.next;
  #9 @4:1 [false] r := -(5);
  #10 @5:2 while (b0) {
    #11 @6:3 b0 := false;
  }
  #12 @7:3 r := 1;
}
)";
  std::string errors;
  auto prog = tryCompile(text, "printed.gcl", &errors);
  INFO(errors);
  REQUIRE(prog.has_value());
  CHECK(ir::toString(*prog) == text);
  CHECK(prog->files.at(0) == "orig/f.gcl");
  CHECK(prog->procs[0].body[0].id == 7);
  CHECK(prog->procs[0].body[3].body[0].id == 11);
  // Untagged statements get ids after the largest tag.
  auto mixed = compile("proc g() { #5 skip; skip; }\nproc h() { skip; }\n");
  CHECK(mixed.procs[0].body[1].id == 6);
  CHECK(mixed.procs[1].body[0].id == 7);
  // Duplicate tags are a located error, not an internal one.
  std::string err;
  CHECK_FALSE(tryCompile("proc g() { #5 skip; #5 skip; }", "test.gcl", &err).has_value());
  CHECK(err.find("duplicate statement id #5") != std::string::npos);
}

TEST_CASE("lower: declarations in other files than the statements round-trip exactly") {
  // Statements tagged in c.c, declarations in test.gcl: the procedure names its own file.
  auto prog = compile(R"(type R { f: int; }
var g: int;
proc f(x: int) returns (r: int) @"c.c" { var y: int; @3:4 y := x; @4:4 r := y; }
test t @"c.c" { @9:2 skip; }
)");
  CHECK(prog.files == std::vector<std::string>{"c.c", "test.gcl"});
  CHECK(prog.procs.at(0).loc == SourceLoc{1, 3, 6});
  CHECK(prog.procs.at(0).body.at(0).loc == SourceLoc{0, 3, 4});
  std::string text = ir::toString(prog);
  INFO(text);
  CHECK(text.find("type R @\"test.gcl\" 1:6 {\n  f: int @1:10;\n") != std::string::npos);
  const char *sig =
      "proc f(x: int @\"test.gcl\" 3:8) returns (r: int @\"test.gcl\" 3:25) @\"c.c\" @\"test.gcl\" 3:6\n";
  CHECK(text.find(sig) != std::string::npos);
  CHECK(text.find("test t @\"c.c\" @\"test.gcl\" 4:6\n") != std::string::npos);
  roundTrip(prog);
  // Printed without tags, declarations point into the printed text.
  ir::PrintOptions noTags;
  noTags.tags = false;
  CHECK(ir::toString(prog, noTags).find('@') == std::string::npos);
}

TEST_CASE("lower: mixed constructs validate and round-trip") {
  auto prog = compile(R"(
type Node { next: Node; val: int; }
var g: Node;
proc mk(v: int) returns (r: Node) { r := new Node; r.val := v; }
proc p(x: Node, k: int) returns (s: int)
  requires x == null ==> k > 0
  ensures s >= 0 or x.val < 0
{
  var y: Node := x;
  while (y != null and y.val != k) {
    var z: Node := y.next;
    if (z == null) { break; }
    else if (z.val > 10 or z.next.val < 0) { y := z.next; continue; }
    else { [k > 0] { s := s + z.val; y.next.val := s; } }
    while (true) { if (s > 3) { s := s - 1; } else { break; } }
    concrete { s := s + 0; }
    y.next := mk(s);
    y := z;
  }
  if (x != null) { [x.val > 0 ==> x.next.val > 0] g := x; }
  if (false) { s := 1 / 0; }
  [g == null] g := new Node;
  g.next := nondet;
}
)");
  CHECK(ir::validate(prog).empty());
  roundTrip(prog);
}

TEST_CASE("lower: every .gcl file of tests/, stdlib/ and examples/ that compiles round-trips") {
  namespace fs = std::filesystem;
  int compiled = 0;
  for (const char *dir : {"tests", "stdlib", "examples"}) {
    fs::path root = fs::path(LOCUS_SOURCE_DIR) / dir;
    if (!fs::exists(root))
      continue;
    for (const auto &entry : fs::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".gcl")
        continue;
      SourceManager sm;
      Diagnostics diags(sm);
      auto prog = gcl::compileFile(entry.path().string(), sm, diags);
      if (!prog)
        continue; // expected-error tests
      ++compiled;
      INFO(entry.path().string());
      CHECK(ir::validate(*prog).empty());
      roundTrip(*prog);
    }
  }
  MESSAGE("round-tripped " << compiled << " files");
  CHECK(compiled > 0);
}

TEST_CASE("lower: temporaries are marked, print as `temp` and stay marked after a round trip") {
  auto prog =
      compile("proc f(x: int) returns (r: bool) { var y: int; if (x > 0 and x < 9) { r := true; } }\n");
  const ir::Procedure &f = prog.procs.at(0);
  for (const ir::Var &v : f.vars)
    CHECK(v.temp == (v.name != "x" && v.name != "r" && v.name != "y"));
  std::string text = ir::toString(prog);
  CHECK(text.find("  temp b0: bool") != std::string::npos);
  CHECK(text.find("  var y: int") != std::string::npos);
  roundTrip(prog);
}

TEST_CASE("lower: `unwind K` on loops and procedures is carried by the IR and round-trips") {
  auto prog = compile(R"(
proc f(n: int) returns (r: int) unwind 3 requires n >= 0 {
  if (n > 0) { r := f(n - 1); }
}
proc main() {
  var i: int;
  while (i < 10) unwind 12 { i := i + 1; }
  while (i < 20) { i := i + 1; }
  var unwind: int := 2;
}
)");
  CHECK(prog.procs[prog.procIndex("f")].unwind == 3);
  CHECK(prog.procs[prog.procIndex("main")].unwind == 0);
  CHECK(prog.procs[prog.procIndex("main")].body[1].unwind == 12);
  std::string mainBody = body(prog, "main");
  CHECK(mainBody.find("while (b0) unwind 12 {") != std::string::npos);
  CHECK(mainBody.find("while (b1) {") != std::string::npos);
  CHECK(ir::toString(prog).find("proc f(n: int @2:8) returns (r: int @2:25) @\"test.gcl\" 2:6 unwind 3\n") !=
        std::string::npos);
  roundTrip(prog);
  std::string errors;
  CHECK_FALSE(tryCompile("proc f() { while (true) unwind 0 { skip; } }", "t.gcl", &errors));
  CHECK(errors.find("t.gcl:1:32: error: an unwind bound is from 1 to 100000") != std::string::npos);
  CHECK_FALSE(tryCompile("proc f() { while (true) unwnd 3 { skip; } }", "t.gcl", &errors));
  CHECK(errors.find("t.gcl:1:25: error: expected 'unwind' or '{', found 'unwnd'") != std::string::npos);
  CHECK_FALSE(tryCompile("proc f() unwind 100001 { skip; }", "t.gcl", &errors));
  CHECK(errors.find("t.gcl:1:17: error: an unwind bound is from 1 to 100000") != std::string::npos);
}

TEST_CASE("lower: element reads, lengths, writes and allocations") {
  auto prog = compile(R"(
type Bag { items: int[]; next: Bag; length: int; }
proc f(a: int[], b: Bag, m: int32[][], k: int) returns (r: int) {
  r := a[k];
  r := a[k + 1] * 2;
  r := a.length;
  r := b.items[a[0]] + b.length;
  a[k] := r + 1;
  b.next.items[k] := a[1];
  m[k][0] := int32(a.length);
  a := new int[k];
  m := new int32[k][] nondet;
  b.items := new int[3] nondet;
  m[0] := new int32[2];
  a[2] := nondet;
  a[3] := f(a, b, m, 1);
  var c: Bag[] := new Bag[1];
  c[0] := new Bag;
  var n16: uint16 := a.length;
  b.length := a.length;
  a[a[0]] := a[1];
}
)");
  CHECK(body(prog, "f") == R"(r := a[k];
t0 := a[k + 1];
r := t0 * 2;
r := a.length;
t1 := b.items;
t2 := a[0];
t3 := t1[t2];
t4 := b.length;
r := t3 + t4;
a[k] := r + 1;
t5 := b.next;
t6 := t5.items;
t7 := a[1];
t6[k] := t7;
t8 := m[k];
t9 := a.length;
t8[0] := int32(t9);
a := new int[k];
m := new int32[k][] nondet;
t10 := new int[3] nondet;
b.items := t10;
t11 := new int32[2];
m[0] := t11;
t12 := nondet;
a[2] := t12;
t13 := f(a, b, m, 1);
a[3] := t13;
c := new Bag[1];
t14 := new Bag;
c[0] := t14;
n16 := a.length;
t15 := a.length;
b.length := t15;
t16 := a[0];
t17 := a[1];
a[t16] := t17;
)");
  const ir::Procedure &f = prog.procs.at(0);
  const ir::Stmt &get = f.body.at(0);
  CHECK(get.kind == ir::Stmt::GetElem);
  CHECK(get.base == ir::VarRef{false, 0});
  REQUIRE(get.args.size() == 1);
  CHECK(get.args[0].var == ir::VarRef{false, 3});
  CHECK(f.body.at(3).kind == ir::Stmt::Length);
  const ir::Stmt &put = f.body.at(9);
  CHECK(put.kind == ir::Stmt::PutElem);
  CHECK(put.args.at(0).var == ir::VarRef{false, 3});
  CHECK(put.value.kind == ir::Expr::Binary);
  CHECK(f.body.at(17).kind == ir::Stmt::NewArray);
  CHECK_FALSE(f.body.at(17).fill);
  CHECK(f.body.at(18).fill);
  // the length read into a uint16 is one Length into it; into an int temporary for the record's field
  CHECK(f.body.at(30).kind == ir::Stmt::Length);
  CHECK(f.vars.at(f.body.at(30).lhs.index).type == ir::Type::fixedInt(16, false));
  CHECK(f.vars.at(f.varIndex("t12")).type == ir::Type::intType());
  CHECK(f.vars.at(f.varIndex("t14")).type == ir::Type::refType(0));
  CHECK(ir::validate(prog).empty());
  roundTrip(prog);
}

TEST_CASE("lower: element reads right of a short circuit are guarded") {
  auto prog = compile(R"(
proc f(a: int[], i: int) returns (r: bool) {
  r := a != null and i < a.length and a[i] > 0;
  if (a == null or a[0] == 0) { r := false; }
  while (i >= 0 ==> a[i] != 0) { i := i - 1; }
}
)");
  CHECK(body(prog, "f") == R"(b0 := a != null;
[b0] t0 := a.length;
b1 := b0 and i < t0;
[b1] t1 := a[i];
r := b1 and t1 > 0;
b2 := a == null;
b3 := not b2;
[b3] t2 := a[0];
b4 := b2 or t2 == 0;
[b4] r := false;
b6 := i >= 0;
[b6] t3 := a[i];
b5 := b6 ==> t3 != 0;
while (b5) {
  i := i - 1;
  b7 := i >= 0;
  [b7] t4 := a[i];
  b5 := b7 ==> t4 != 0;
}
)");
  roundTrip(prog);
}

TEST_CASE("lower: canonical array statements lower to themselves, one IR statement each") {
  std::string text = R"(type Node @"orig/f.c" 1:8 {
  next: Node @2:3;
  vals: int8[] @3:3;
}

var table: int32[] @"orig/f.c" 5:5 := new int32[100];
var grid: Node[][] @"orig/f.c" 6:6 := new Node[0][];
var empty: int8[] @"orig/f.c" 7:6;

proc f(a: int8[] @9:8, i: int64 @9:16) returns (r: int8 @9:25) @"orig/f.c" 9:6
{
  var b0: bool @10:3;
  temp t0: int8[] @11:3;
  temp n: uint64 @12:3;
  temp m: Node[][] @13:3;
  #3 @10:3 r := a[i];  ^1 10:3+9 (10:7+1)
  #4 @11:3 [b0] a[i + 1i64] := r;  ^2 11:3+11 (11:12+1 11:5+5 11:5+1 11:9+1)
  #5 @12:3 t0 := new int8[i];  ^3 12:3+13 (12:12+1)
  #6 @12:3 t0 := new int8[i] nondet;  ^3 (12:12+1)
  #7 @12:3 [false] n := t0.length;  ^3
  #8 @13:3 m := new Node[n][];  ^4 13:3+20
  #9 @14:3 grid := m;
  #10 @15:3 table[int64(r)] := 0i32;
}
)";
  std::string errors;
  auto prog = tryCompile(text, "printed.gcl", &errors);
  INFO(errors);
  REQUIRE(prog.has_value());
  const ir::Procedure &f = prog->procs.at(0);
  REQUIRE(f.body.size() == 8);
  const ir::Stmt::Kind kinds[] = {ir::Stmt::GetElem,  ir::Stmt::PutElem, ir::Stmt::NewArray,
                                  ir::Stmt::NewArray, ir::Stmt::Length,  ir::Stmt::NewArray,
                                  ir::Stmt::Assign,   ir::Stmt::PutElem};
  for (size_t i = 0; i < 8; ++i) {
    CAPTURE(i);
    CHECK(f.body[i].kind == kinds[i]);
    CHECK(f.body[i].id == i + 3);
  }
  // the ranges in order: the value, the index, the guard
  CHECK(f.body[1].value.range.begin.col == 12);
  CHECK(f.body[1].args.at(0).range.begin.col == 5);
  CHECK(f.body[1].args.at(0).args.at(1).range.begin.col == 9);
  CHECK(f.body[1].guard.kind == ir::Expr::VarUse);
  CHECK(f.body[3].fill);
  CHECK(f.body[4].guard.isFalse());
  CHECK(f.body[7].args.at(0).op == ir::Op::Cast);
  CHECK(prog->globals.at(0).alloc == std::optional<int64_t>(100));
  CHECK(prog->globals.at(1).alloc == std::optional<int64_t>(0));
  CHECK(prog->globals.at(1).type == ir::Type::arrayOf(ir::Type::arrayOf(ir::Type::refType(0))));
  CHECK_FALSE(prog->globals.at(2).alloc);
  CHECK(ir::toString(*prog) == text);
  roundTrip(*prog);
}

TEST_CASE("lower: a program with every array form round-trips") {
  auto prog = compile(R"(
type Bag { items: uint8[]; length: int; next: Bag; rows: int32[][]; }
var table: int32[] := new int32[100];
var grid: bool[][] := new bool[4][];
var bags: Bag[];
proc count(a: int[], k: int) returns (n: int)
  requires a == null or a.length < 1000
  ensures n >= 0
{
  var i: int := 0;
  while (a != null and i < a.length) {
    if (a[i] == k) { n := n + 1; }
    i := i + 1;
  }
}
proc forms(b: Bag, k: int) returns (r: int[])
{
  var bs: Bag[] := new Bag[3] nondet;
  var m: int32[][] := new int32[2][];
  r := new int[k + 1];
  r[k] := count(r, k);
  r[k - 1] := r[0] + r[k];
  b.items[1] := uint8(b.length + b.items.length);
  bs[0].next.items[2] := 7;
  m[1] := new int32[k];
  m[1][0] := b.rows[0][1];
  b.rows := new int32[k][] nondet;
  r[2] := nondet;
  if (bs != null and bs[0] != null and bs[0].items == b.items) { r := null; }
  grid[0][7] := true;
  table[99] := -1;
  bags := bs;
  [r != null and r.length > 3] r[3] := table.length;
}
test t {
  var a: int[] := new int[2];
  var n: int;
  a[1] := 5;
  n := count(a, 5);
  assert n == 1;
}
)");
  CHECK(ir::validate(prog).empty());
  CHECK(prog.globals.at(0).alloc == std::optional<int64_t>(100));
  CHECK(prog.globals.at(1).alloc == std::optional<int64_t>(4));
  CHECK_FALSE(prog.globals.at(2).alloc);
  std::string text = ir::toString(prog);
  CHECK(text.find("var table: int32[] @\"test.gcl\" 3:5 := new int32[100];\n") != std::string::npos);
  CHECK(text.find("var grid: bool[][] @\"test.gcl\" 4:5 := new bool[4][];\n") != std::string::npos);
  CHECK(text.find("var bags: Bag[] @\"test.gcl\" 5:5;\n") != std::string::npos);
  roundTrip(prog);
}
