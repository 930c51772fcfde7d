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
