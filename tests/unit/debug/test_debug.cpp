// The debugger (debug/): a session's stepping and changes, the facts a `spec` records, the program with the
// facts inserted as checks (a program that meets them passes, one that misses or skips them fails), the line
// map of an edit, which spec a failing check is of, checkpoints and resume, and the shell fed random command
// streams from a fixed seed.
#include "debug/session.h"
#include "debug/shell.h"
#include "debug/spec.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace locus;
using namespace locus::debug;

namespace {

// A singly linked list of three nodes whose `swap` should exchange the first two nodes and leaves the list
// broken (line 11: `a.next := b` should be `a.next := b.next`).
const char *kProgram = R"(type Node { next: Node; val: int; }
var head: Node;
proc swap()
{
  var a: Node;
  var b: Node;
  a := head;
  b := head.next;
  head := b;
  a.next := b;
  b.next := a;
}
proc main()
{
  var n: Node;
  head := null;
  n := new Node; n.val := 3; n.next := head; head := n;
  n := new Node; n.val := 2; n.next := head; head := n;
  n := new Node; n.val := 1; n.next := head; head := n;
  swap();
  n := null;
}
)";

std::string write(const testing::TempDir &d, const std::string &name, const std::string &text) {
  std::string path = (d.path() / name).string();
  std::ofstream(path) << text;
  return path;
}

Options optionsFor(const std::string &file) {
  Options o;
  o.source.file = file;
  return o;
}

/// Runs `commands` (one per line) in a fresh session; the transcript.
std::string transcript(Session &s, const std::string &commands, size_t *failed = nullptr) {
  std::istringstream in(commands);
  std::ostringstream out;
  ShellOptions so;
  so.echo = true;
  size_t f = runShell(s, in, out, so);
  if (failed)
    *failed = f;
  return out.str();
}

} // namespace

TEST_CASE("stepping, changes and a spec's facts") {
  testing::TempDir d("locus-debug");
  Session s(optionsFor(write(d, "swap.gcl", kProgram)));
  REQUIRE(s.ready());
  CHECK(s.start().ok);
  CHECK(s.where().find("swap.gcl:16") != std::string::npos);
  for (int k = 0; k < 4; ++k)
    CHECK(s.next().ok); // head := null, and three lines of three statements each
  CHECK(s.where().find("swap.gcl:20") != std::string::npos);
  CHECK(s.step().ok); // into swap
  CHECK(s.where().find("[swap]") != std::string::npos);
  CHECK_FALSE(s.change("nosuch", "1").ok);
  CHECK_FALSE(s.change("head", "5").ok);  // an int for a Node
  CHECK_FALSE(s.change("head", "n9").ok); // no such node
  CHECK_FALSE(s.resume(0).ok);            // no checkpoint yet
  Reply sp = s.spec();
  REQUIRE(sp.ok);
  std::vector<std::string> facts = sp.data["facts"].get<std::vector<std::string>>();
  INFO(sp.data.dump());
  // globals first: head names n3 (and is n3); a and b are null; the nodes' fields by their paths, each node
  // named by its first path is pinned to its identity
  CHECK(facts == std::vector<std::string>{"head == n3", "a == null", "b == null", "head.next == n2",
                                          "head.val == 1", "head.next.next == n1", "head.next.val == 2",
                                          "head.next.next.next == null", "head.next.next.val == 3"});
  CHECK(s.next().ok);
  CHECK(s.change("a", "n2").ok);
  CHECK(s.print("a.val").message == "a.val = 2");
  CHECK(s.change("n2 -> val", "7").ok);
  CHECK(s.print("head.next.val").message.rfind("head.next.val = 7", 0) == 0);
  // back to the checkpoint: the change is undone there
  REQUIRE(s.resume(0).ok);
  CHECK(s.print("head.next.val").message.rfind("head.next.val = 2", 0) == 0);
  CHECK(s.print("a").message == "a = null");
}

TEST_CASE("the facts inserted as checks: met, missed, and skipped") {
  testing::TempDir d("locus-debug");
  std::string file = write(d, "swap.gcl", kProgram);
  Session s(optionsFor(file));
  REQUIRE(s.ready());
  // To the end of swap (line 12: its last statement has run), where the list should read 2 1 3.
  std::string t = transcript(s, "start\nnext;next;next;next\nstep\nnext;next;next;next\n");
  INFO(t);
  REQUIRE(s.where().find("swap.gcl:11") != std::string::npos);
  REQUIRE(s.next().ok); // b.next := a ran: back in main after the call
  REQUIRE(s.change("n2.next", "n1").ok);
  Reply sp = s.spec();
  REQUIRE(sp.ok);

  auto compile = [&](const std::string &text) {
    std::string path = write(d, "variant.gcl", text);
    session::Source src;
    src.file = path;
    std::unique_ptr<session::Loaded> l = session::load(src);
    REQUIRE(l->prog);
    return *l->prog;
  };
  // The spec itself: at main's line after the call, head → n2 → n1 → n3.
  ir::Program orig = compile(kProgram);
  ir::State st;
  {
    ir::Interpreter in(orig);
    ir::Execution e = in.start(orig.procIndex("main"));
    e.runUntil([](const ir::Position &p) { return p.stmt->loc.line == 21 && p.depth == 0; });
    st = e.state();
    REQUIRE_FALSE(e.done());
  }
  std::string skipped;
  std::vector<Fact> facts =
      capture(orig, orig.procIndex("main"), st.frames.back().vars, st, std::nullopt, skipped);
  CHECK(skipped.empty());
  // The buggy run's state at that point: head = n2 (val 2) and n = n3 point to each other.
  std::vector<std::string> texts;
  for (const Fact &f : facts)
    texts.push_back(f.text());
  std::string all;
  for (const std::string &x : texts)
    all += x + "; ";
  INFO(all);
  CHECK(std::find(texts.begin(), texts.end(), "n.next == head") != texts.end()); // the cycle n3 → n2 → n3

  // A spec written by hand for the intended state: head.val 2, head.next.val 1, then 3, then null.
  Spec want;
  want.origin = "checkpoint 0";
  want.point = pointOf(
      orig, orig.procIndex("main"),
      *[&] {
        const ir::Stmt *found = nullptr;
        ir::forEachStmt(orig.procs[orig.procIndex("main")].body, [&](const ir::Stmt &x) {
          if (!found && x.loc.line == 21)
            found = &x;
        });
        REQUIRE(found);
        return found;
      }(),
      false, 1);
  auto scalar = [](std::vector<std::string> fields, int v) {
    Fact f;
    f.kind = Fact::Kind::Scalar;
    f.lhs = Path{"head", true, std::move(fields)};
    f.value = ir::Value::ofInt(v);
    return f;
  };
  Fact last;
  last.kind = Fact::Kind::Null;
  last.lhs = Path{"head", true, {"next", "next", "next"}};
  want.facts = {scalar({"val"}, 2), scalar({"next", "val"}, 1), scalar({"next", "next", "val"}, 3), last};

  auto outcome = [&](const std::string &text, bool byLocation) {
    ir::Program p = compile(text);
    std::string err = instrument(p, p.procIndex("main"), {want}, byLocation, lineMapOf(kProgram, text));
    REQUIRE(err.empty());
    ir::Interpreter in(p);
    return in.run(p.procIndex("main"));
  };
  std::string fixed = kProgram;
  fixed.replace(fixed.find("a.next := b;"), 12, "a.next := b.next;");
  CHECK(outcome(fixed, true).kind == ir::OutcomeKind::Ok);
  ir::Outcome buggy = outcome(kProgram, true);
  CHECK(buggy.kind == ir::OutcomeKind::Failure);
  INFO(buggy.message);
  CHECK(buggy.message.find("checkpoint 0: head.next.next.val == 3") != std::string::npos);
  // A program that never reaches the point does not meet the spec either (no vacuous pass).
  std::string noCall = fixed;
  noCall.replace(noCall.find("  swap();\n"), 10, "  if (false) { swap(); }\n");
  ir::Outcome skipped2 = outcome(noCall, true);
  // the point (line 21) moved to line 22 by the edit: the map follows it; the call does not run, the list
  // is 1 2 3: the facts fail
  CHECK(skipped2.kind == ir::OutcomeKind::Failure);
  // An extra line before the point: found again through the line map.
  std::string shifted = fixed;
  shifted.replace(shifted.find("proc main()"), 11, "// moved\nproc main()");
  CHECK(outcome(shifted, true).kind == ir::OutcomeKind::Ok);
}

TEST_CASE("reaching a point is part of its spec") {
  testing::TempDir d("locus-debug");
  session::Source src;
  src.file = write(d, "loop.gcl", R"(proc main()
{
  var i: int;
  i := 0;
  while (i < 3) {
    i := i + 1;
  }
}
)");
  std::unique_ptr<session::Loaded> l = session::load(src);
  REQUIRE(l->prog);
  ir::Program p = *l->prog;
  const ir::Stmt *inc = nullptr;
  ir::forEachStmt(p, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (!inc && s.loc.line == 6)
      inc = &s;
  });
  REQUIRE(inc);
  Spec sp;
  sp.origin = "checkpoint 0";
  sp.point = pointOf(p, p.procIndex("main"), *inc, false, 4); // a 4th iteration: never
  Fact f;
  f.kind = Fact::Kind::Scalar;
  f.lhs = Path{"i", false, {}};
  f.value = ir::Value::ofInt(3);
  sp.facts = {f};
  ir::Program q = p;
  REQUIRE(instrument(q, q.procIndex("main"), {sp}, false).empty());
  ir::Outcome o = ir::Interpreter(q).run(q.procIndex("main"));
  CHECK(o.kind == ir::OutcomeKind::Failure);
  CHECK(o.message.find("is reached 4 times") != std::string::npos);
  sp.point.arrival = 3; // the third: i is 2 before the increment
  ir::Program r = p;
  REQUIRE(instrument(r, r.procIndex("main"), {sp}, false).empty());
  o = ir::Interpreter(r).run(r.procIndex("main"));
  CHECK(o.kind == ir::OutcomeKind::Failure);
  CHECK(o.message.find("i == 3") != std::string::npos);
  sp.facts[0].value = ir::Value::ofInt(2);
  ir::Program t = p;
  REQUIRE(instrument(t, t.procIndex("main"), {sp}, false).empty());
  CHECK(ir::Interpreter(t).run(t.procIndex("main")).kind == ir::OutcomeKind::Ok);
}

TEST_CASE("instrument says which spec a failing check is of and how often each point was reached") {
  // What localize reads to find the spec a run misses (Checks): the spec of a failing fact, else the first
  // spec whose point the run did not reach as often as it says.
  testing::TempDir d("locus-debug");
  session::Source src;
  src.file = write(d, "loop.gcl", R"(proc main()
{
  var i: int;
  i := 0;
  while (i < 3) {
    i := i + 1;
  }
}
)");
  std::unique_ptr<session::Loaded> l = session::load(src);
  REQUIRE(l->prog);
  const ir::Program &p = *l->prog;
  const ir::Stmt *inc = nullptr, *first = nullptr;
  ir::forEachStmt(p, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (!inc && s.loc.line == 6)
      inc = &s;
    if (!first && s.loc.line == 4)
      first = &s;
  });
  REQUIRE(inc);
  REQUIRE(first);
  auto spec = [&](const ir::Stmt &at, uint64_t arrival, int i, const std::string &origin) {
    Spec sp;
    sp.origin = origin;
    sp.point = pointOf(p, p.procIndex("main"), at, false, arrival);
    Fact f;
    f.kind = Fact::Kind::Scalar;
    f.lhs = Path{"i", false, {}};
    f.value = ir::Value::ofInt(i);
    sp.facts = {f};
    return sp;
  };
  // i is 1 before the second increment (met), 3 before the third (missed: it is 2)
  std::vector<Spec> specs = {spec(*first, 1, 0, "checkpoint 0"), spec(*inc, 2, 1, "checkpoint 1"),
                             spec(*inc, 3, 3, "checkpoint 2")};
  ir::Program q = p;
  Checks checks;
  REQUIRE(instrument(q, q.procIndex("main"), specs, false, {}, 0, &checks).empty());
  ir::Outcome o = ir::Interpreter(q).run(q.procIndex("main"));
  REQUIRE(o.kind == ir::OutcomeKind::Failure);
  REQUIRE(checks.specOf.count(o.stmt));
  CHECK(checks.specOf.at(o.stmt) == 2);
  REQUIRE(checks.counter.size() == 3);
  CHECK(checks.counter[1] == checks.counter[2]); // one counter per point
  CHECK(!(checks.counter[0] == checks.counter[1]));
  CHECK(o.state.globals.at(checks.counter[2].index).i == 3); // counted, then checked
  // a 4th arrival, never reached: the "reached" check fails, which is no fact's
  specs[2] = spec(*inc, 4, 3, "checkpoint 2");
  ir::Program r = p;
  Checks rc;
  REQUIRE(instrument(r, r.procIndex("main"), specs, false, {}, 0, &rc).empty());
  o = ir::Interpreter(r).run(r.procIndex("main"));
  REQUIRE(o.kind == ir::OutcomeKind::Failure);
  CHECK(!rc.specOf.count(o.stmt));
  CHECK(o.state.globals.at(rc.counter[2].index).i == 3);
}

TEST_CASE("the line map of an edit") {
  auto m = lineMapOf("a\nb\nc\nd\n", "a\nB\nc\nx\nd\n");
  CHECK(m(1) == 1);
  CHECK(m(2) == 2); // changed in place
  CHECK(m(3) == 3);
  CHECK(m(4) == 5); // after an inserted line
  auto del = lineMapOf("a\nb\nc\n", "a\nc\n");
  CHECK(del(3) == 2);
}

TEST_CASE("the shell survives random command streams (fixed seed)") {
  testing::TempDir d("locus-debug");
  Session s(optionsFor(write(d, "swap.gcl", kProgram)));
  REQUIRE(s.ready());
  const std::vector<std::string> words = {"start",   "next",        "step",   "finish", "continue", "enter",
                                          "leave",   "change",      "print",  "show",   "break",    "delete",
                                          "spec",    "checkpoints", "resume", "track",  "untrack",  "trust",
                                          "rewrite", "help",        "bogus",  "",       ";"};
  const std::vector<std::string> args = {"head", "a", "b",  "n1", "n2", "n9", "n1 -> next",     "n2.val",
                                         "null", "7", "-1", "0",  "12", "x",  "head.next.next", "1 2"};
  std::mt19937 rng(20261128);
  std::ostringstream script;
  for (int k = 0; k < 600; ++k) {
    script << words[rng() % words.size()];
    for (unsigned a = rng() % 3; a > 0; --a)
      script << " " << args[rng() % args.size()];
    script << (rng() % 4 == 0 ? "; " : "\n");
  }
  size_t failed = 0;
  std::string t;
  // `rewrite FILE` and `dot FILE` write relative to the working folder: the temporary one.
  const std::filesystem::path here = std::filesystem::current_path();
  std::filesystem::current_path(d.path());
  CHECK_NOTHROW(t = transcript(s, script.str(), &failed));
  std::filesystem::current_path(here);
  CHECK(failed > 0);      // bad commands are answered with a message
  CHECK(t.size() > 1000); // and the session went on
}

TEST_CASE("a node fact pins the node itself, not one of the same shape") {
  // Two nodes of the same value: a spec that head.next is n1 is not met by n2, which looks the same.
  testing::TempDir d("locus-debug");
  const char *text = R"(type Node { next: Node; val: int; }
proc main()
{
  var a: Node;
  var b: Node;
  var h: Node;
  a := new Node;
  b := new Node;
  h := new Node;
  h.next := a;
  h := h;
}
)";
  session::Source src;
  src.file = write(d, "same.gcl", text);
  std::unique_ptr<session::Loaded> l = session::load(src);
  REQUIRE(l->prog);
  const ir::Program &p = *l->prog;
  const ir::Stmt *last = nullptr;
  ir::forEachStmt(p, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.loc.line == 11 && !last)
      last = &s;
  });
  REQUIRE(last);
  Spec sp;
  sp.origin = "checkpoint 0";
  sp.point = pointOf(p, p.procIndex("main"), *last, false, 1);
  Fact f;
  f.kind = Fact::Kind::Node;
  f.lhs = Path{"h", false, {"next"}};
  f.value = ir::Value::ofRef(1); // a's node
  sp.facts = {f};
  ir::Program q = p;
  REQUIRE(instrument(q, q.procIndex("main"), {sp}, false).empty());
  CHECK(ir::Interpreter(q).run(q.procIndex("main")).kind == ir::OutcomeKind::Ok);
  sp.facts[0].value = ir::Value::ofRef(2); // b's node: same shape, another node
  ir::Program r = p;
  REQUIRE(instrument(r, r.procIndex("main"), {sp}, false).empty());
  ir::Outcome o = ir::Interpreter(r).run(r.procIndex("main"));
  CHECK(o.kind == ir::OutcomeKind::Failure);
  CHECK(o.message.find("h.next == n2") != std::string::npos);
}
