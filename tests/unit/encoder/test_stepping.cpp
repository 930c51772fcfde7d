// The steppable interpreter (ir::Execution): stepping never changes a run, and each operation stops where
// it says (step into a call, over it, out of it, to a statement; loop iterations as contexts).
#include "helpers.h"
#include "random_program.h"

#include <random>

using namespace locus;
using namespace locus::encoder::testing;

namespace {

/// A trace step as text: statement, depth, what it wrote (text and value) and its instance.
std::string show(const ir::TraceStep &t, const ir::ContextTable &contexts) {
  std::string s = "#" + std::to_string(t.stmt) + " d" + std::to_string(t.depth);
  if (t.written)
    s += " " + *t.written;
  if (t.write)
    s += t.write->kind == ir::Write::Var
             ? " [var " + std::to_string(t.write->var.index) + "]"
             : " [n" + std::to_string(t.write->node) + "." + std::to_string(t.write->field) + "]";
  for (const auto &[site, iteration] : contexts.path(t.context))
    s += " @" + std::to_string(site) + "/" + std::to_string(iteration);
  return s;
}

std::vector<std::string> show(const ir::Outcome &o) {
  std::vector<std::string> out{std::string(ir::outcomeName(o.kind)) + " " + ir::failureName(o.failure) +
                               " #" + std::to_string(o.stmt) + " " + o.message};
  for (const ir::TraceStep &t : o.trace)
    out.push_back(show(t, o.contexts));
  for (const ir::Value &v : o.state.entryVars)
    out.push_back("var " + ir::toString(v));
  for (const ir::HeapNode &n : o.state.heap)
    for (const ir::Value &v : n.fields)
      out.push_back("field " + ir::toString(v));
  return out;
}

} // namespace

TEST_CASE("stepping never changes a run: random operations end where run() ends") {
  int paused = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Gen gen(seed);
    std::string text = gen.program();
    INFO("seed " << seed << "\n" << text);
    ir::Program prog = compile(text);
    std::mt19937_64 rng(seed);
    std::vector<ir::Value> args{ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                                ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                                ir::Value::ofBool(rng() & 1)};
    ir::InterpOptions io;
    io.seed = seed;
    io.stepLimit = 100000;
    uint32_t entry = prog.procIndex("main");
    ir::Outcome whole = ir::Interpreter(prog, io).run(entry, args);
    ir::Execution ex = ir::Interpreter(prog, io).start(entry, args);
    while (!ex.done()) {
      ++paused;
      REQUIRE(ex.position());
      const ir::Position at = *ex.position();
      // The position is the next step of the trace: its statement and depth.
      size_t before = ex.trace().size();
      switch (rng() % 8) {
      case 0:
      case 1:
      case 2:
      case 3: ex.step(); break;
      case 4: ex.stepOver(); break;
      case 5: ex.stepOut(); break;
      case 6: {
        // to a random statement of the program (it may never come: then to the end)
        ir::StmtId target = static_cast<ir::StmtId>(1 + rng() % 60);
        bool there = ex.runTo(target);
        CHECK(there == !ex.done());
        if (there)
          CHECK(ex.position()->stmt->id == target);
        break;
      }
      default: ex.runUntil([&](const ir::Position &p) { return p.depth > at.depth; }); break;
      }
      std::vector<ir::TraceStep> tr = ex.trace();
      REQUIRE(tr.size() > before);
      CHECK(tr[before].stmt == at.stmt->id);
      CHECK(tr[before].depth == at.depth);
      CHECK(ex.contexts().path(tr[before].context) == ex.contexts().path(at.context));
    }
    CHECK(show(ex.outcome()) == show(whole));
  }
  CHECK(paused > 600); // the operations were exercised (800 pauses with these seeds)
}

TEST_CASE("step into, over and out of a call; run to a statement; loop iterations as contexts") {
  ir::Program prog = compile(R"(type Node { val: int; next: Node; }
proc inc(a: int) returns (r: int) {
  r := a + 1;
  r := r * 2;
}
proc main(x: int) returns (s: int) {
  var i: int, n: Node;
  s := inc(x);
  i := 0;
  while (i < 3) {
    s := s + i;
    i := i + 1;
  }
  n := new Node;
  n.val := s;
}
)");
  auto idOf = [&](uint32_t proc, size_t k) { return prog.procs[proc].body.at(k).id; };
  uint32_t main = prog.procIndex("main"), inc = prog.procIndex("inc");
  ir::Interpreter interp(prog);
  ir::Execution ex = interp.start(main, {ir::Value::ofInt(5)});
  REQUIRE(ex.position());
  // Paused before the first statement: the call.
  CHECK(ex.position()->stmt->kind == ir::Stmt::Call);
  CHECK(ex.position()->depth == 0);
  CHECK(ex.trace().empty());
  SUBCASE("step into the call, then out of it") {
    ex.step();
    CHECK(ex.position()->proc == inc);
    CHECK(ex.position()->depth == 1);
    CHECK(ex.position()->stmt->id == idOf(inc, 0));
    ir::State st = ex.state();
    REQUIRE(st.frames.size() == 2);
    CHECK(st.frames[1].proc == inc);
    CHECK(ir::toString(st.frames[1].vars.at(prog.procs[inc].params[0])) == "5");
    // The callee runs in the call's context.
    CHECK(ex.contexts().path(ex.position()->context) == ir::ContextPath{{st.frames[1].call, 0}});
    ex.step();
    CHECK(ex.position()->stmt->id == idOf(inc, 1));
    ex.stepOut();
    CHECK(ex.position()->depth == 0);
    CHECK(ir::toString(ex.state().entryVars.at(prog.procs[main].result)) == "12"); // (5 + 1) * 2
  }
  SUBCASE("step over the call") {
    ex.stepOver();
    CHECK(ex.position()->depth == 0);
    CHECK(ex.position()->proc == main);
    CHECK(ir::toString(ex.state().entryVars.at(prog.procs[main].result)) == "12");
    // The call's trace step carries the result written into the caller.
    std::vector<ir::TraceStep> tr = ex.trace();
    REQUIRE(tr.front().write);
    CHECK(tr.front().write->kind == ir::Write::Var);
    CHECK(ir::toString(tr.front().write->value) == "12");
  }
  SUBCASE("run to a statement in a loop: one pause per iteration, each in its own context") {
    const ir::Stmt *loop = nullptr;
    for (const ir::Stmt &s : prog.procs[main].body)
      if (s.kind == ir::Stmt::While)
        loop = &s;
    REQUIRE(loop);
    ir::StmtId body = loop->body.at(0).id;
    for (uint32_t it = 0; it < 3; ++it) {
      REQUIRE(ex.runTo(body));
      CHECK(ex.contexts().path(ex.position()->context) == ir::ContextPath{{loop->id, it}});
    }
    CHECK_FALSE(ex.runTo(body)); // the loop is over: to the end
    CHECK(ex.done());
    CHECK(ex.outcome().kind == ir::OutcomeKind::Ok);
    CHECK(ir::toString(*ex.outcome().result) == "15"); // 12 + 0 + 1 + 2
    // The field write at the end is structured: node 1, field val, value 15.
    const ir::TraceStep &last = ex.outcome().trace.back();
    REQUIRE(last.write);
    CHECK(last.write->kind == ir::Write::Field);
    CHECK(last.write->node == 1);
    CHECK(last.write->field == 0);
    CHECK(ir::toString(last.write->value) == "15");
  }
  SUBCASE("an execution that cannot start is done at once, with an error") {
    ir::Execution bad = interp.start(main, {});
    CHECK(bad.done());
    CHECK_FALSE(bad.position());
    CHECK(bad.outcome().kind == ir::OutcomeKind::Error);
  }
}
