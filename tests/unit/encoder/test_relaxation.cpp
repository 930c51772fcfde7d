// Relaxation differential test (issue 12): with the inputs fixed and one statement's value (or guard)
// relaxed, the outcomes the encoding allows are exactly the interpreter's outcomes with that statement
// computing arbitrary values (InterpOptions::relaxedValues / relaxedGuards). Both directions on random
// programs: a model of the relaxed encoding replays in the interpreter with the relaxed values read off it,
// and an interpreter run with random relaxed values is the unique model once those values are pinned.
// LOCUS_RELAX_SEED=N LOCUS_RELAX_COUNT=M replay / widen a run; a failure prints its seed and program.
// Targets (EncodeOptions::relaxTargets) have no interpreter counterpart: fixed left-side faults at the end.
#include "helpers.h"
#include "random_program.h"

#include <algorithm>
#include <cstdlib>
#include <random>

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

struct Tally {
  int cases = 0, modelsReplayed = 0, runsPinned = 0, skipped = 0;
};

uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

/// Outcome as compared: kind, failure kind and statement.
std::string outcomeKey(const ir::Outcome &o) {
  std::string k = ir::outcomeName(o.kind);
  if (o.kind == ir::OutcomeKind::Failure)
    k += std::string(" ") + ir::failureName(o.failure) + " #" + std::to_string(o.stmt);
  return k;
}
std::string modelKey(const Encoding &enc, const Counterexample &cx) {
  if (cx.failedCheck < 0)
    return "ok";
  const Check &c = enc.checks[cx.failedCheck];
  return std::string("failure ") + ir::failureName(toFailureKind(c.kind)) + " #" + std::to_string(c.stmt);
}

void runOne(uint64_t seed, const std::string &spec, Tally &tally) {
  Gen gen(seed, seed % 2 == 1); // every other program has arrays
  std::string text = gen.program();
  std::mt19937_64 rng(seed * 7919 + 17);
  std::vector<ir::Value> args{ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                              ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                              ir::Value::ofBool(rng() & 1)};
  INFO("seed " << seed << " (LOCUS_RELAX_SEED=" << seed << " LOCUS_RELAX_COUNT=1 to replay) on " << spec
               << "\n"
               << text);
  ir::Program prog = compile(text);
  uint32_t entry = prog.procIndex("main");
  ir::InterpOptions io;
  io.seed = seed;
  io.stepLimit = 20000;
  ir::Outcome base = ir::Interpreter(prog, io).run(entry, args);
  if (base.kind == ir::OutcomeKind::Limit || base.kind == ir::OutcomeKind::Error) {
    ++tally.skipped;
    return;
  }
  std::vector<ir::Value> nondets = base.nondetDrawn;
  // The statement to relax: one the run reached, chosen at random; value or guard.
  ir::StmtIndex index(prog);
  std::vector<const ir::Stmt *> valueCands, guardCands;
  for (const ir::TraceStep &t : base.trace) {
    const ir::Stmt *s = index.find(t.stmt);
    if (!s)
      continue;
    bool value = s->kind == ir::Stmt::Assign || s->kind == ir::Stmt::GetField ||
                 s->kind == ir::Stmt::PutField || s->kind == ir::Stmt::Call || s->kind == ir::Stmt::GetElem ||
                 s->kind == ir::Stmt::PutElem || s->kind == ir::Stmt::Length;
    bool guard = s->kind != ir::Stmt::Assert && s->kind != ir::Stmt::Assume && s->kind != ir::Stmt::Skip &&
                 s->kind != ir::Stmt::Concrete && index.procOf(s->id) != ir::kNone &&
                 !prog.procs[index.procOf(s->id)].isTest;
    if (value)
      valueCands.push_back(s);
    if (guard)
      guardCands.push_back(s);
  }
  bool relaxGuard = (rng() % 3 == 0 && !guardCands.empty()) || valueCands.empty();
  auto &cands = relaxGuard ? guardCands : valueCands;
  if (cands.empty()) {
    ++tally.skipped;
    return;
  }
  const ir::Stmt *target = cands[rng() % cands.size()];
  Part part = relaxGuard ? Part::Guard : Part::Value;
  INFO("relaxed: " << std::string(partName(part)) << " of #" << target->id);
  ++tally.cases;

  EncodeOptions eo;
  eo.unwind = 4;
  eo.fixedArgs = args;
  eo.fixedNondets = nondets;
  eo.relaxValues = !relaxGuard;
  eo.relaxGuards = relaxGuard;
  backends::TermManager tm;
  Encoding enc = encode(prog, entry, tm, eo);
  backends::MakeSolverResult made = backends::makeSolver(spec, tm);
  REQUIRE(made);
  backends::Solver &s = *made.solver;
  s.setTimeout(5000);
  enc.assertTo(s, true, true);
  std::string targetSel = std::string("sel!") + (relaxGuard ? "g!" : "v!") + std::to_string(target->id);
  std::vector<Term> enforced;
  bool found = false;
  for (Term sel : enc.selectors()) {
    found = found || tm.data(sel).value == targetSel;
    // the target's selector false (relaxed), every other one true (enforced)
    enforced.push_back(tm.data(sel).value == targetSel ? tm.mkNot(sel) : sel);
  }
  REQUIRE(found);
  // The relaxed symbols of the target, in execution order, with the condition under which each is used.
  std::vector<const Step *> relaxedSteps;
  for (const Step &st : enc.steps)
    if (st.stmt == target->id && st.part == part)
      relaxedSteps.push_back(&st);
  REQUIRE_FALSE(relaxedSteps.empty());
  // The IR type of the k-th relaxed step of the target (a call's steps cycle through its parameters, then its
  // result; the random programs have no recursion).
  const ir::Procedure &owner = prog.procs[index.procOf(target->id)];
  std::vector<ir::Type> cycle;
  if (relaxGuard)
    cycle.push_back(ir::Type::boolType());
  else if (target->kind == ir::Stmt::PutField)
    cycle.push_back(prog.records[prog.var(owner, target->base).type.record].fields[target->field].type);
  else if (target->kind == ir::Stmt::PutElem)
    cycle.push_back(prog.var(owner, target->base).type.elemType());
  else if (target->kind == ir::Stmt::Call) {
    const ir::Procedure &callee = prog.procs[target->callee];
    for (uint32_t k : callee.params)
      cycle.push_back(callee.vars[k].type);
    if (target->lhs.valid())
      cycle.push_back(prog.var(owner, target->lhs).type);
  } else
    cycle.push_back(prog.var(owner, target->lhs).type);
  auto typeOfStep = [&](size_t k) { return cycle[k % cycle.size()]; };
  const ir::Procedure &main = prog.procs[entry];
  auto compareState = [&](const ir::Outcome &out) {
    for (size_t v = 0; v < main.vars.size(); ++v) {
      std::optional<ir::Value> mv = modelValue(s.value(enc.finalEntryVars[v]), main.vars[v].type);
      REQUIRE(mv);
      INFO("variable " << main.vars[v].name);
      CHECK(ir::toString(*mv) == ir::toString(out.state.entryVars[v]));
    }
    for (size_t v = 0; v < prog.globals.size(); ++v) {
      std::optional<ir::Value> mv = modelValue(s.value(enc.finalGlobals[v]), prog.globals[v].type);
      REQUIRE(mv);
      CHECK(ir::toString(*mv) == ir::toString(out.state.globals[v]));
    }
  };

  // Direction 1: models of the relaxed encoding (up to three different outcomes) replay in the interpreter.
  s.push();
  for (int round = 0; round < 3; ++round) {
    backends::Result res = s.check(enforced);
    if (res.isUnknown())
      break;
    if (!res.isSat()) {
      // a feasible run within the bounds is a model (the arbitrary value may be the statement's own)
      if (base.kind != ir::OutcomeKind::Infeasible && base.maxIterations <= eo.unwind)
        CHECK(round > 0);
      break;
    }
    Counterexample cx = extractCounterexample(enc, s, prog);
    if (cx.failedCheck >= 0 && isBoundCheck(enc.checks[cx.failedCheck].kind))
      break; // the relaxed value makes a loop run past the bound: nothing to replay within it
    std::vector<ir::Value> values;
    for (size_t k = 0; k < relaxedSteps.size(); ++k) {
      const Step *st = relaxedSteps[k];
      if (!s.value(st->guard).boolean)
        continue;
      std::optional<ir::Value> v = modelValue(s.value(st->lhs), typeOfStep(k));
      REQUIRE(v);
      values.push_back(*v);
    }
    ir::InterpOptions ro;
    ro.nondetValues = nondets;
    ro.stepLimit = 20000;
    (relaxGuard ? ro.relaxedGuards : ro.relaxedValues).insert(target->id);
    ro.relaxValues = values;
    ro.relaxSeed = seed;
    ir::Outcome out = ir::Interpreter(prog, ro).run(entry, args);
    INFO("model outcome " << modelKey(enc, cx) << ", interpreter " << outcomeKey(out) << " " << out.message);
    REQUIRE(out.kind != ir::OutcomeKind::Error);
    CHECK(out.relaxDrawn.size() == values.size());
    CHECK(modelKey(enc, cx) == outcomeKey(out));
    compareState(out);
    ++tally.modelsReplayed;
    // Ask for a model with another outcome: another failed check or other final values of main's variables.
    std::vector<Term> other;
    for (size_t v = 0; v < main.vars.size(); ++v) {
      backends::Value mv = s.value(enc.finalEntryVars[v]);
      Term val = mv.kind == backends::Value::Kind::Bool ? tm.mkBool(mv.boolean) : tm.mkInt(mv.integer);
      other.push_back(tm.mkNot(tm.mkEq(enc.finalEntryVars[v], val)));
    }
    for (const Check &c : enc.checks)
      other.push_back(tm.mkNot(tm.mkEq(c.failed, tm.mkBool(s.value(c.failed).boolean))));
    s.assertFormula(tm.mkOr(other));
  }
  s.pop();

  // Direction 2: an interpreter run with random relaxed values is the encoding's only model once the relaxed
  // symbols are pinned to those values in order of use.
  ir::InterpOptions ro;
  ro.nondetValues = nondets;
  ro.stepLimit = 20000;
  (relaxGuard ? ro.relaxedGuards : ro.relaxedValues).insert(target->id);
  ro.relaxSeed = seed ^ 0x5bd1e995;
  ir::Outcome out = ir::Interpreter(prog, ro).run(entry, args);
  if (out.kind == ir::OutcomeKind::Limit || out.kind == ir::OutcomeKind::Error ||
      out.maxIterations > eo.unwind || out.maxRecursion > eo.unwind + 1)
    return; // past the step limit, out of nondet values or past the bounds: not a run the encoding describes
  INFO("interpreter with relaxed values: " << outcomeKey(out) << " " << out.message);
  const std::vector<ir::Value> &drawn = out.relaxDrawn;
  Term count = tm.mkInt(0);
  std::vector<Term> pins;
  for (const Step *st : relaxedSteps) {
    for (size_t j = 0; j < drawn.size(); ++j) {
      const ir::Value &v = drawn[j];
      Term val = v.kind == ir::Type::Bool  ? tm.mkBool(v.i != 0)
                 : v.kind == ir::Type::Int ? tm.mkInt(v.i.toString())
                                           : tm.mkInt(static_cast<int64_t>(v.node));
      pins.push_back(tm.mkImplies(tm.mkAnd(st->guard, tm.mkEq(count, tm.mkInt(static_cast<int64_t>(j)))),
                                  tm.mkEq(st->lhs, val)));
    }
    pins.push_back(tm.mkImplies(
        st->guard, tm.mkApp(backends::Op::Lt, count, tm.mkInt(static_cast<int64_t>(drawn.size())))));
    count = tm.mkIte(st->guard, tm.mkApp(backends::Op::Add, count, tm.mkInt(1)), count);
  }
  pins.push_back(tm.mkEq(count, tm.mkInt(static_cast<int64_t>(drawn.size()))));
  s.push();
  for (Term p : pins)
    s.assertFormula(p);
  backends::Result res = s.check(enforced);
  if (res.isUnknown()) {
    s.pop();
    return;
  }
  if (out.kind == ir::OutcomeKind::Infeasible) {
    CHECK(res.isUnsat());
    s.pop();
    ++tally.runsPinned;
    return;
  }
  REQUIRE(res.isSat());
  Counterexample cx = extractCounterexample(enc, s, prog);
  if (cx.failedCheck >= 0 && isBoundCheck(enc.checks[cx.failedCheck].kind)) {
    s.pop();
    return; // the interpreter's run went past the encoding's bound
  }
  CHECK(modelKey(enc, cx) == outcomeKey(out));
  compareState(out);
  std::vector<Term> other;
  for (size_t v = 0; v < main.vars.size(); ++v) {
    backends::Value mv = s.value(enc.finalEntryVars[v]);
    Term val = mv.kind == backends::Value::Kind::Bool ? tm.mkBool(mv.boolean) : tm.mkInt(mv.integer);
    other.push_back(tm.mkNot(tm.mkEq(enc.finalEntryVars[v], val)));
  }
  s.assertFormula(tm.mkOr(other));
  CHECK_FALSE(s.check(enforced).isSat());
  s.pop();
  ++tally.runsPinned;
}

} // namespace

TEST_CASE("relaxation: a relaxed statement computes exactly an arbitrary value") {
  uint64_t first = envOr("LOCUS_RELAX_SEED", 1), count = envOr("LOCUS_RELAX_COUNT", 120);
  for (const std::string &spec : apiSolvers()) {
    Tally t;
    for (uint64_t seed = first; seed < first + count; ++seed)
      runOne(seed, spec, t);
    MESSAGE(spec << ": " << t.cases << " relaxed statements, " << t.modelsReplayed << " models replayed, "
                 << t.runsPinned << " interpreter runs pinned, " << t.skipped << " skipped");
    CHECK(t.cases > static_cast<int>(count) / 2);
    CHECK(t.modelsReplayed >= t.cases);
    CHECK(t.runsPinned > t.cases / 2);
  }
}

namespace {

/// The selectors (by name) that, released alone with every other one enforced, let the fixed run pass every
/// check: the single-part explanations of its failure.
std::vector<std::string> singleExplanations(const ir::Program &prog, uint32_t entry, const EncodeOptions &eo,
                                            const std::string &spec) {
  backends::TermManager tm;
  Encoding enc = encode(prog, entry, tm, eo);
  backends::MakeSolverResult made = backends::makeSolver(spec, tm);
  REQUIRE(made);
  backends::Solver &s = *made.solver;
  enc.assertTo(s, true);
  s.assertFormula(tm.mkNot(enc.realFailure));
  s.assertFormula(tm.mkNot(enc.boundFailure));
  std::vector<Term> sels = enc.selectors();
  std::vector<std::string> out;
  for (Term free : sels) {
    std::vector<Term> enforced;
    for (Term sel : sels)
      if (sel != free)
        enforced.push_back(sel);
    if (s.check(enforced, backends::Need::NoCore).isSat())
      out.push_back(tm.data(free).value);
  }
  return out;
}

ir::StmtId stmtAtLine(const ir::Program &prog, const std::string &proc, uint32_t line) {
  ir::StmtId id = 0;
  ir::forEachStmt(prog.procs[prog.procIndex(proc)].body, [&](const ir::Stmt &s) {
    if (s.loc.line == line && !id)
      id = s.id;
  });
  REQUIRE(id != 0);
  return id;
}

} // namespace

// A left-side fault (the statement writes another variable or field than it should) is explained by no
// single relaxed value or guard, and by exactly its own target once targets are relaxed.
TEST_CASE("relaxation: a left-side fault is explained only by its target") {
  ir::Program prog = compile(R"(proc order(a: int, b: int) returns (r: int)
{
  var lo: int;
  var hi: int;
  var s: int;
  s := a + b;
  lo := a;
  hi := b;
  if (b < a) {
    lo := b;
    lo := a;
  }
  assert lo <= hi and lo + hi == s;
  r := hi - lo;
}
type Node { key: int; height: int; }
proc raise(x: Node, m: int)
  requires x != null
{
  x.key := m + 1;
  assert x.height == m + 1;
}
)");
  for (const std::string &spec : apiSolvers()) {
    INFO(spec);
    // `lo := a` should be `hi := a`: on (2, 1) lo = 2 > hi = 1.
    EncodeOptions eo;
    eo.fixedArgs = std::vector<ir::Value>{ir::Value::ofInt(2), ir::Value::ofInt(1)};
    eo.relaxValues = eo.relaxGuards = true;
    uint32_t order = prog.procIndex("order");
    CHECK(singleExplanations(prog, order, eo, spec).empty());
    eo.relaxTargets = true;
    std::string fault = "sel!t!" + std::to_string(stmtAtLine(prog, "order", 11));
    CHECK(singleExplanations(prog, order, eo, spec) == std::vector<std::string>{fault});
    // One selector for a statement's value and target: the fault is among the single explanations, under
    // its value's selector, and no statement has a target selector of its own.
    {
      EncodeOptions so = eo;
      so.shareTargetSelector = true;
      std::vector<std::string> got = singleExplanations(prog, order, so, spec);
      INFO("shared: " << got.size() << " single explanations");
      CHECK(std::count(got.begin(), got.end(), "sel!v!" + fault.substr(6)) == 1);
      CHECK(std::none_of(got.begin(), got.end(),
                         [](const std::string &n) { return n.rfind("sel!t!", 0) == 0; }));
    }
    // Every selector enforced, the target relaxation is the plain program: the run still fails.
    {
      backends::TermManager tm;
      Encoding enc = encode(prog, order, tm, eo);
      backends::MakeSolverResult made = backends::makeSolver(spec, tm);
      REQUIRE(made);
      enc.assertTo(*made.solver);
      backends::Result r = made.solver->check({tm.mkNot(enc.realFailure)}, backends::Need::NoCore);
      CHECK(r.status == backends::Status::Unsat);
    }

    // `x.key := m + 1` should be `x.height := m + 1`: on n1 {key 0, height 0}, m = 2 the height stays 0.
    EncodeOptions fo;
    uint32_t raise = prog.procIndex("raise");
    ir::HeapNode n1;
    n1.record = 0;
    n1.fields = {ir::Value::ofInt(0), ir::Value::ofInt(0)};
    fo.fixedHeap = std::vector<ir::HeapNode>{n1};
    fo.fixedArgs = std::vector<ir::Value>{ir::Value::ofRef(1), ir::Value::ofInt(2)};
    fo.relaxValues = fo.relaxGuards = true;
    CHECK(singleExplanations(prog, raise, fo, spec).empty());
    fo.relaxTargets = true;
    CHECK(singleExplanations(prog, raise, fo, spec) ==
          std::vector<std::string>{"sel!t!" + std::to_string(stmtAtLine(prog, "raise", 20))});
  }
}
