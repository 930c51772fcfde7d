// The heap drawings (heapview/): graphs built from interpreter runs of small programs, drawn as text, DOT
// and SVG; every root and every field of every drawn node must be visible in the text.
#include "frontend/gcl/frontend.h"
#include "frontend/source.h"
#include "heapview/graph.h"
#include "heapview/render.h"
#include "ir/interp.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace locus;
using namespace locus::heapview;

namespace {

ir::Program compile(const std::string &text) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> p = gcl::compileText("test.gcl", text, sm, diags);
  if (!p) {
    diags.print(std::cerr);
    FAIL("does not compile:\n" << text);
  }
  return *p;
}

/// The final state of `entry` run to its end (or failure).
ir::State finalState(const ir::Program &prog, const std::string &entry = "main") {
  ir::Interpreter interp(prog);
  ir::Outcome out = interp.run(prog.procIndex(entry));
  REQUIRE(out.kind != ir::OutcomeKind::Error);
  return out.state;
}

Graph graphOf(const ir::Program &prog, const std::string &entry = "main", Options opts = {}) {
  ir::State st = finalState(prog, entry);
  return build(prog, rootsOf(prog, st), st.heap, opts);
}

std::vector<std::string> linesOf(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  return lines;
}

size_t columns(const std::string &s) {
  size_t n = 0;
  for (char c : s)
    n += (c & 0xC0) != 0x80;
  return n;
}

/// The code points of UTF-8 text, one string each.
std::vector<std::string> codePoints(const std::string &s) {
  std::vector<std::string> out;
  for (char c : s)
    if ((c & 0xC0) != 0x80 || out.empty())
      out.push_back(std::string(1, c));
    else
      out.back() += c;
  return out;
}

/// Every `▼` (or `v` under a label line in ASCII) stands above the name of a box (`[nK`) in the line below,
/// and the label above it starts in the same column.
void checkLabelsAboveBoxes(const std::string &text, const std::string &down = "▼") {
  std::vector<std::string> lines = linesOf(text);
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    std::vector<std::string> cp = codePoints(lines[i]), below = codePoints(lines[i + 1]),
                             above = codePoints(lines[i - 1]);
    if (std::find(cp.begin(), cp.end(), down) == cp.end() ||
        lines[i].find_first_not_of(" " + down) != std::string::npos)
      continue;
    for (size_t k = 0; k < cp.size(); ++k) {
      if (cp[k] != down)
        continue;
      CHECK_MESSAGE((k >= 1 && k < below.size() && below[k - 1] == "[" && below[k] == "n"), "line " << i
                                                                                                    << ":\n"
                                                                                                    << text);
      CHECK_MESSAGE((k < above.size() && above[k] != " " && (k == 0 || above[k - 1] == " ")),
                    "line " << i << ":\n"
                            << text);
    }
  }
}

size_t widest(const std::string &text) {
  size_t w = 0;
  for (const std::string &l : linesOf(text))
    w = std::max(w, columns(l));
  return w;
}

/// Every root's name and every drawn node's name is in the text; every scalar slot is written `f=v` (a
/// box) or `f = v` (a line; an array's element as its value); every reference slot is written `f=nK` /
/// `f → nK`, or its field is one the key line names as drawn by arrows or branches.
void checkEverythingVisible(const Graph &g, const std::string &text) {
  std::string key; // the key line and its continuation lines
  bool inKey = false;
  for (const std::string &l : linesOf(text)) {
    inKey = l.rfind("key: ", 0) == 0 || (inKey && l.rfind("     ", 0) == 0);
    if (inKey)
      key += l;
  }
  for (const Root &r : g.roots)
    CHECK_MESSAGE(text.find(r.name) != std::string::npos, "root " << r.name << " missing:\n" << text);
  for (const Node &n : g.nodes) {
    CHECK_MESSAGE(text.find(n.name()) != std::string::npos, n.name() << " missing:\n" << text);
    for (const Slot &s : n.slots) {
      std::string v = s.value ? ir::toString(*s.value) : "?";
      bool seen = text.find(s.name + "=" + v) != std::string::npos ||
                  text.find(s.name + " = " + v) != std::string::npos ||
                  text.find(s.name + " → " + v) != std::string::npos ||
                  text.find(s.name + " -> " + v) != std::string::npos ||
                  (n.array && text.find(v) != std::string::npos) ||
                  (s.isRef() && key.find(" " + s.name) != std::string::npos);
      CHECK_MESSAGE(seen, n.name() << "." << s.name << " = " << v << " not visible:\n" << text);
    }
  }
}

const char *kDList = R"(
type DNode { next: DNode; prev: DNode; val: int; }
var head: DNode;
proc push(v: int) {
  var n: DNode;
  n := new DNode;
  n.val := v;
  n.next := head;
  if (head != null) { head.prev := n; }
  head := n;
}
proc main() { push(2); push(4); push(8); push(10); }
proc six() { push(1); push(2); push(3); push(4); push(5); push(6); }
)";

const char *kSList = R"(
type SNode { next: SNode; val: int; }
proc main() returns (head: SNode) {
  var n: SNode;
  var i: int;
  i := 1;
  while (i <= 3) { n := new SNode; n.val := i; n.next := head; head := n; i := i + 1; }
}
proc ring() returns (head: SNode) {
  var a: SNode; var b: SNode; var c: SNode;
  a := new SNode; b := new SNode; c := new SNode;
  a.val := 1; b.val := 2; c.val := 3;
  a.next := b; b.next := c; c.next := a;
  head := a;
}
proc long() returns (head: SNode) {
  var n: SNode;
  var i: int;
  i := 0;
  while (i < 30) { n := new SNode; n.val := i; n.next := head; head := n; i := i + 1; }
}
)";

const char *kTree = R"(
type TNode { left: TNode; right: TNode; parent: TNode; key: int; }
proc main() returns (root: TNode) {
  var a: TNode; var b: TNode; var c: TNode;
  root := new TNode; root.key := 5;
  a := new TNode; a.key := 3;
  b := new TNode; b.key := 8;
  c := new TNode; c.key := 7;
  root.left := a; root.right := b; a.parent := root; b.parent := root;
  b.left := c; c.parent := b;
  a := null; b := null; c := null;
}
)";

} // namespace

TEST_CASE("rootsOf: the innermost frame's variables and the globals, temporaries hidden") {
  ir::Program prog = compile(kDList);
  ir::Interpreter interp(prog);
  ir::Execution ex = interp.start(prog.procIndex("main"));
  ex.step(); // into push(2)
  ir::State st = ex.state();
  REQUIRE(st.frames.size() == 2);
  std::vector<Root> roots = rootsOf(prog, st);
  std::vector<std::string> names;
  for (const Root &r : roots)
    names.push_back(r.name + (r.global ? "(g)" : ""));
  CHECK(names == std::vector<std::string>{"v", "n", "head(g)"});
  CHECK(ir::toString(roots[0].value) == "2");
  // the lowering's temporaries only when asked
  size_t temps = 0;
  for (const ir::Var &v : prog.procs[prog.procIndex("push")].vars)
    temps += v.temp;
  REQUIRE(temps > 0);
  CHECK(rootsOf(prog, st, true).size() == roots.size() + temps);
  // without frames: the entry's variables
  ir::State noFrames = st;
  noFrames.frames.clear();
  noFrames.entryVars = {};
  CHECK(rootsOf(prog, noFrames, false, prog.procIndex("main")).size() == 1); // head only: main has none
}

TEST_CASE("a doubly linked list reads left to right with mirrored links as ⇄") {
  ir::Program prog = compile(kDList);
  Graph g = graphOf(prog);
  REQUIRE(g.nodes.size() == 4);
  CHECK(g.nodes[3].vars == std::vector<std::string>{"head"});
  std::string text = renderText(g);
  CHECK(text == "         head\n"
                "         ▼\n"
                "null ◀─ [n4 val=10] ⇄ [n3 val=8] ⇄ [n2 val=4] ⇄ [n1 val=2] ─▶ null\n"
                "\n"
                "key: ─▶ next, ⇄ next + prev mirrored\n");
  checkEverythingVisible(g, text);
  checkLabelsAboveBoxes(text);
  CHECK(widest(text) <= 80);
  std::string ascii = renderText(g, nullptr, TextOptions{80, true});
  checkLabelsAboveBoxes(ascii, "v");
  CHECK(ascii.find("null <- [n4 val=10] <-> [n3 val=8]") != std::string::npos);
  for (char c : ascii)
    CHECK(static_cast<unsigned char>(c) < 0x80);
}

TEST_CASE("six-node lists fit 80 columns, every field visible") {
  ir::Program prog = compile(kDList);
  Graph g = graphOf(prog, "six");
  REQUIRE(g.nodes.size() == 6);
  for (bool ascii : {false, true}) {
    std::string text = renderText(g, nullptr, TextOptions{80, ascii});
    CHECK_MESSAGE(widest(text) <= 80, text);
    checkEverythingVisible(g, text);
  }
  // labels wider than their box widen the arrow after it
  ir::Program named = compile(std::string(kDList) + R"(
proc named() returns (the_first_pointer: DNode) {
  var and_the_second_one: DNode;
  var third: DNode;
  push(1); push(2); push(3); push(4);
  the_first_pointer := head.next;
  and_the_second_one := head.next.next;
  third := head.next.next;
}
)");
  Graph ng = graphOf(named, "named");
  std::string nt = renderText(ng);
  CHECK_MESSAGE(nt.rfind("         head         the_first_pointer  and_the_second_one, third\n", 0) == 0, nt);
  CHECK(nt.find("[n3 val=3]    ⇄    [n2 val=2]") != std::string::npos);
  checkLabelsAboveBoxes(nt);
  checkEverythingVisible(ng, nt);
  CHECK(widest(nt) <= 80);
  // a label that would reach past the width moves its node to the next row
  ir::Program last = compile(std::string(kDList) + R"(
proc last() returns (a_rather_long_variable_name: DNode) {
  push(1); push(2); push(3); push(4);
  a_rather_long_variable_name := head.next.next.next;
}
)");
  Graph lg = graphOf(last, "last");
  std::string slim = renderText(lg, nullptr, TextOptions{66, false});
  CHECK_MESSAGE(widest(slim) <= 66, slim);
  CHECK_MESSAGE(slim.find("\n        [n1 val=1] ─▶ null\n") != std::string::npos, slim);
  checkLabelsAboveBoxes(slim);
  checkEverythingVisible(lg, slim);
  // only the roots asked for
  Graph only = graphOf(named, "named", Options{40, 16, {"third"}});
  REQUIRE(only.roots.size() == 1);
  CHECK(only.nodes.size() == 4);
  CHECK(renderText(only).find("variables:") == std::string::npos);
  // a narrow terminal wraps the chain into rows; each row still fits
  std::string narrow = renderText(g, nullptr, TextOptions{40, false});
  CHECK_MESSAGE(widest(narrow) <= 40, narrow);
  checkEverythingVisible(g, narrow);
  checkLabelsAboveBoxes(narrow);
}

TEST_CASE("a broken back link is written in the box, not drawn as ⇄") {
  ir::Program prog = compile(std::string(kDList) + R"(
proc broken() { push(1); push(2); push(3); head.next.prev := null; }
)");
  Graph g = graphOf(prog, "broken");
  std::string text = renderText(g);
  CHECK_MESSAGE(text.find("[n3 val=3] ─▶ [n2 prev=null val=2] ⇄ [n1 val=1] ─▶ null") != std::string::npos,
                text);
  checkEverythingVisible(g, text);
}

TEST_CASE("a singly linked list, a cycle and a long list") {
  ir::Program prog = compile(kSList);
  Graph g = graphOf(prog);
  std::string text = renderText(g);
  CHECK_MESSAGE(text.find("[n3 val=3] ─▶ [n2 val=2] ─▶ [n1 val=1] ─▶ null") != std::string::npos, text);
  checkLabelsAboveBoxes(text);
  CHECK(text.rfind("variables: i = 4\n\n head, n\n ▼\n[n3", 0) == 0);
  checkEverythingVisible(g, text);

  Graph ring = graphOf(prog, "ring");
  std::string r = renderText(ring);
  CHECK_MESSAGE(r.find("[n1 val=1] ─▶ [n2 val=2] ─▶ [n3 val=3] ─▶ back to n1") != std::string::npos, r);
  checkEverythingVisible(ring, r);

  // 30 nodes do not fit in 4 rows of 80 columns: one line per node, nothing lost
  Graph longList = graphOf(prog, "long");
  std::string l = renderText(longList);
  CHECK_MESSAGE(l.find("n30 SNode { next → n29, val = 29 }  ◀─ head, n") != std::string::npos, l);
  CHECK(l.find("n1 SNode { next → null, val = 0 }") != std::string::npos);
  CHECK(widest(l) <= 80);
  checkEverythingVisible(longList, l);
  // at most maxNodes drawn; the rest counted
  Graph capped = graphOf(prog, "long", Options{10, 16, {}});
  CHECK(capped.nodes.size() == 10);
  CHECK(capped.omitted == 20);
  std::string c = renderText(capped);
  CHECK_MESSAGE(c.find("… and 20 more nodes") != std::string::npos, c);
  checkEverythingVisible(capped, c);
}

TEST_CASE("a circular doubly linked list closes with ⇄ back to its first node") {
  ir::Program prog = compile(std::string(kDList) + R"(
proc circle() { push(1); push(2); push(3); head.prev := head.next.next; head.next.next.next := head; }
)");
  Graph g = graphOf(prog, "circle");
  std::string text = renderText(g);
  CHECK_MESSAGE(text.find("[n3 val=3] ⇄ [n2 val=2] ⇄ [n1 val=1] ⇄ back to n3") != std::string::npos, text);
  CHECK(text.find("null ◀─") == std::string::npos);
  checkEverythingVisible(g, text);
}

TEST_CASE("a binary tree top-down, left and right kept, parent links as a key") {
  ir::Program prog = compile(kTree);
  Graph g = graphOf(prog);
  std::string text = renderText(g);
  CHECK_MESSAGE(text == "variables: a = null, b = null, c = null\n"
                        "\n"
                        "       [n1 key=5] ◀─ root\n"
                        "    ┌──────┴──────┐\n"
                        "[n2 key=3]    [n3 key=8]\n"
                        "                ┌─┘\n"
                        "            [n4 key=7]\n"
                        "\n"
                        "key: ┌┴┐ left, right (no branch: null),\n"
                        "     parent = the node above unless in the box (the root's: null)\n",
                text);
  checkEverythingVisible(g, text);
  std::string ascii = renderText(g, nullptr, TextOptions{80, true});
  CHECK_MESSAGE(ascii.find(".------'------.") != std::string::npos, ascii);
  CHECK(ascii.find("  .-'") != std::string::npos); // n4 is n3's left child
}

TEST_CASE("shared nodes (a DAG) are drawn one line per node") {
  ir::Program prog = compile(R"(
type Pair { a: Pair; b: Pair; v: int; }
type SNode { next: SNode; val: int; }
proc main() returns (top: Pair) {
  var l: Pair; var r: Pair; var s: Pair;
  s := new Pair; s.v := 1;
  l := new Pair; l.v := 2; l.a := s;
  r := new Pair; r.v := 3; r.a := s;
  top := new Pair; top.v := 4; top.a := l; top.b := r;
  l := null; r := null; s := null;
}
proc tails() returns (x: SNode) {
  var y: SNode; var t: SNode;
  t := new SNode; t.val := 9;
  x := new SNode; x.next := t;
  y := new SNode; y.next := t;
  t := null;
}
)");
  Graph g = graphOf(prog);
  std::string text = renderText(g);
  CHECK_MESSAGE(text == "variables: l = null, r = null, s = null\n"
                        "\n"
                        "n1 Pair { a → null, b → null, v = 1 }\n"
                        "n2 Pair { a → n1, b → null, v = 2 }\n"
                        "n3 Pair { a → n1, b → null, v = 3 }\n"
                        "n4 Pair { a → n2, b → n3, v = 4 }  ◀─ top\n",
                text);
  checkEverythingVisible(g, text);
  Graph t = graphOf(prog, "tails");
  std::string tt = renderText(t);
  CHECK_MESSAGE(tt == "variables: t = null\n"
                      "\n"
                      "n1 SNode { next → null, val = 9 }\n"
                      "n2 SNode { next → n1, val = 0 }  ◀─ x\n"
                      "n3 SNode { next → n1, val = 0 }  ◀─ y\n",
                tt);
  checkEverythingVisible(t, tt);
}

TEST_CASE("arrays: their elements, references followed, long arrays summarized") {
  ir::Program prog = compile(R"(
type Node { next: Node; val: int; }
proc main() returns (a: int[]) {
  var ns: Node[];
  var big: int[];
  a := new int[3];
  a[0] := 1; a[2] := 7;
  ns := new Node[2];
  ns[1] := new Node;
  big := new int[100];
  big[42] := 5;
}
)");
  Graph g = graphOf(prog);
  REQUIRE(g.nodes.size() == 4);
  std::string text = renderText(g);
  CHECK_MESSAGE(text.find("n1 int[3] { 1, 0, 7 }  ◀─ a") != std::string::npos, text);
  CHECK(text.find("n2 Node[2] { null, n3 }  ◀─ ns") != std::string::npos);
  CHECK(text.find("n3 Node { next → null, val = 0 }") != std::string::npos);
  CHECK(text.find("n4 int[100] { 42: 5, others: 0 }  ◀─ big") != std::string::npos);
  checkEverythingVisible(g, text);
}

TEST_CASE("changes of one step are marked and listed") {
  ir::Program prog = compile(kDList);
  ir::Interpreter interp(prog);
  ir::Execution ex = interp.start(prog.procIndex("main"));
  auto graphNow = [&] {
    ir::State st = ex.state();
    return build(prog, rootsOf(prog, st), st.heap);
  };
  // run to the third push's `head := n` (the list n2 n1 exists; n3 is new and linked)
  ex.stepOver();
  ex.stepOver();
  ex.step(); // into push(8)
  Graph before = graphNow();
  while (!ex.done() && ex.state().frames.size() == 2)
    ex.step();
  Graph after = graphNow();
  Changes ch = diff(before, after);
  CHECK(ch.root("head"));
  CHECK(ch.isNew(3));
  CHECK(ch.slot(2, "prev"));
  CHECK_FALSE(ch.slot(1, "val"));
  std::string text = renderText(after, &ch);
  CHECK_MESSAGE(text.find("head*") != std::string::npos, text);
  CHECK(text.find("[n3* val=8]") != std::string::npos);
  CHECK(text.find("changed (*): head, n2.prev, new: n3") != std::string::npos);
  CHECK(diff(after, after).empty());
}

TEST_CASE("DOT: records with ports, variables, null points, deterministic") {
  ir::Program prog = compile(kDList);
  Graph g = graphOf(prog);
  std::string dot = renderDot(g);
  CHECK(dot.rfind("digraph \"heap\" {\n", 0) == 0);
  CHECK(dot.find("rankdir=LR;") != std::string::npos);
  CHECK(dot.find("v0 [shape=plaintext, label=\"head\"];\n  v0 -> n4:h;") != std::string::npos);
  CHECK(dot.find("n4 [label=\"<h> n4: DNode|<f_next> next|<f_prev> prev|<f_val> val = 10\"];") !=
        std::string::npos);
  CHECK(dot.find("n4:f_next -> n3:h;") != std::string::npos);
  CHECK(dot.find("n3:f_prev -> n4:h [constraint=false, style=dashed, color=gray50];") !=
        std::string::npos); // mirrored
  CHECK(dot.find("null_4_prev [shape=point") != std::string::npos);
  CHECK(dot.find("n1:f_next -> null_1_next;") != std::string::npos);
  CHECK(dot == renderDot(graphOf(prog)));
  // braces balance
  CHECK(std::count(dot.begin(), dot.end(), '{') == std::count(dot.begin(), dot.end(), '}'));

  ir::Program tree = compile(kTree);
  std::string t = renderDot(graphOf(tree));
  CHECK(t.find("rankdir=TB;") != std::string::npos);
  CHECK(t.find("ordering=out;") != std::string::npos);
  size_t left = t.find("n3:f_left:s -> n4:h:n;"), right = t.find("n3:f_right:s -> null_3_right;");
  CHECK(left != std::string::npos);
  CHECK(right != std::string::npos);
  CHECK(left < right); // out-edges in left/right order
  CHECK(t.find("n4:f_parent:n -> n3:h:s [constraint=false, style=dashed, color=gray50];") !=
        std::string::npos);

  Changes ch;
  ch.roots.insert("head");
  ch.slots.insert({3, "val"});
  std::string marked = renderDot(g, &ch);
  CHECK(marked.find("label=\"head *\", fontcolor=red") != std::string::npos);
  CHECK(marked.find("val = 8 *\", color=red]") != std::string::npos);
}

namespace {

bool dotInstalled() {
  const char *path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string d; std::getline(dirs, d, ':');)
    if (!d.empty() && access((std::filesystem::path(d) / "dot").c_str(), X_OK) == 0)
      return true;
  return false;
}

/// Whether the XML's tags balance (start tags closed in order; comments, declarations, `/>` skipped).
bool balanced(const std::string &xml) {
  std::vector<std::string> open;
  for (size_t at = xml.find('<'); at != std::string::npos; at = xml.find('<', at + 1)) {
    if (xml.compare(at, 4, "<!--") == 0) {
      at = xml.find("-->", at);
      if (at == std::string::npos)
        return false;
      continue;
    }
    size_t end = xml.find('>', at);
    if (end == std::string::npos)
      return false;
    std::string tag = xml.substr(at + 1, end - at - 1);
    if (tag.empty() || tag[0] == '?' || tag[0] == '!' || tag.back() == '/')
      continue;
    std::string name = tag.substr(tag[0] == '/' ? 1 : 0);
    name = name.substr(0, name.find_first_of(" \t\n"));
    if (tag[0] == '/') {
      if (open.empty() || open.back() != name)
        return false;
      open.pop_back();
    } else {
      open.push_back(name);
    }
  }
  return open.empty();
}

} // namespace

TEST_CASE("SVG through graphviz's dot is well-formed SVG") {
  if (!dotInstalled()) {
    MESSAGE("skipped: graphviz's `dot` is not on PATH (Debian: apt-get install graphviz)");
    return;
  }
  ir::Program prog = compile(kTree);
  std::string svg, error;
  REQUIRE_MESSAGE(renderSvg(renderDot(graphOf(prog)), svg, error), error);
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(balanced(svg));
  CHECK(svg.find("n4: TNode") != std::string::npos);
  // a broken input: false with dot's own message
  CHECK_FALSE(renderSvg("digraph {", svg, error));
  CHECK(svg.empty());
  CHECK_MESSAGE(error.find("graphviz's dot failed (exit 1)") == 0, error);
  // a large input (more than a pipe holds) does not block
  Options many;
  many.maxNodes = 400;
  ir::Program sl = compile(kSList);
  std::string big = renderDot(graphOf(sl, "long", many));
  REQUIRE_MESSAGE(renderSvg(big + std::string(200000, '\n'), svg, error), error);
  CHECK(balanced(svg));
}

TEST_CASE("SVG: a dot that hangs is stopped, one that exits early is an error, not a SIGPIPE") {
  locus::testing::TempDir dir("locus-heapview");
  std::string oldPath = std::getenv("PATH") ? std::getenv("PATH") : "";
  auto fakeDot = [&](const std::string &script) {
    std::filesystem::path p = dir.path() / "dot";
    std::ofstream(p) << "#!/bin/sh\n" << script << "\n";
    std::filesystem::permissions(p, std::filesystem::perms::owner_all);
    setenv("PATH", (dir.path().string() + ":" + oldPath).c_str(), 1);
  };
  std::string svg, error;
  fakeDot("exec sleep 30");
  auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(renderSvg("digraph {}", svg, error, 1));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  CHECK_MESSAGE(error == "graphviz's dot did not finish within 1 s (stopped)", error);
  fakeDot("echo 'no way' >&2; exit 3");
  CHECK_FALSE(renderSvg(std::string(1 << 20, ' '), svg, error)); // more than the socket holds
  CHECK_MESSAGE(error == "graphviz's dot failed (exit 3): no way", error);
  fakeDot("cat > /dev/null; echo '<p>not svg</p>'");
  CHECK_FALSE(renderSvg("digraph {}", svg, error));
  CHECK_MESSAGE(error == "graphviz's dot wrote no SVG", error);
  setenv("PATH", dir.path().c_str(), 1); // no dot at all
  std::filesystem::remove(dir.path() / "dot");
  CHECK_FALSE(renderSvg("digraph {}", svg, error));
  CHECK_MESSAGE(error.find("graphviz's `dot` was not found on PATH") == 0, error);
  setenv("PATH", oldPath.c_str(), 1);
}

#ifdef LOCUS_WITH_C
TEST_CASE("a C program's heap: the same drawing") {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog =
      frontend::compileSource(std::string(LOCUS_SOURCE_DIR) + "/examples/reverse_buggy.c", sm, diags);
  REQUIRE(prog);
  ir::Interpreter interp(*prog);
  ir::Outcome out = interp.run(prog->procIndex("main"));
  REQUIRE(out.kind == ir::OutcomeKind::Failure); // the buggy reverse leaves the list as it was
  Graph g = build(*prog, rootsOf(*prog, out.state), out.state.heap);
  std::string text = renderText(g);
  CHECK_MESSAGE(text.find("[n4 val=10] ⇄ [n3 val=8] ⇄ [n2 val=4] ⇄ [n1 val=2] ─▶ null") != std::string::npos,
                text);
  checkEverythingVisible(g, text);
}
#endif
