// The trace-based localization methods (replay.h, pwp, gradient) on random failing programs, against
// independent oracles: the replay's writes must rebuild the interpreter's final state; gradient's post-state
// is an optimum of a MaxSAT problem, so z3 and cvc5 must find post-states of the same size; gradient's
// output keeps Algorithm 2's invariants (Γ chains from write to write, sandwiched writes are suspicious,
// suspicious and lockable split the blamable statements); under the assumptions of Wolverine2's Theorem A.1
// (the correct program's state as the post-state, the same path) a faulty statement is always suspicious;
// gradient's order inside its set follows its documented keys; pwp ranks only blamable statements. Plus
// rankByScores' ties.
#include "../encoder/helpers.h"
#include "../encoder/random_program.h"
#include "frontend/gcl/frontend.h"
#include "repair/localize/gradient.h"
#include "repair/localize/localize.h"
#include "repair/localize/replay.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>

using namespace locus;

namespace {

uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

/// Arguments of a random program's `main(x: int, y: int, c: bool)`.
std::vector<ir::Value> randomArgs(std::mt19937_64 &rng) {
  return {ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
          ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5), ir::Value::ofBool(rng() & 1)};
}

/// A failing run of a random program (seed), or nullopt when the program passes on its inputs.
std::optional<repair::Failure> failingRun(const ir::Program &prog, uint64_t seed) {
  std::mt19937_64 rng(seed);
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Inputs;
  spec.args = randomArgs(rng);
  ir::InterpOptions io;
  io.seed = seed;
  io.stepLimit = 20000;
  spec.nondets = encoder::testing::consumedNondets(
      prog, ir::Interpreter(prog, io).run(prog.procIndex("main"), spec.args));
  repair::FailureSearch found = repair::findFailure(prog, spec);
  if (found.status != repair::FailureStatus::Found)
    return std::nullopt;
  return found.failure;
}

} // namespace

TEST_CASE("replay: the writes rebuild the interpreter's final state") {
  uint64_t first = envOr("LOCUS_TRACE_SEED", 1), count = envOr("LOCUS_TRACE_COUNT", 150);
  int checked = 0, elements = 0;
  for (uint64_t n = 0; n < 2 * count; ++n) {
    // every seed twice: the generator's programs without arrays, then with int and Node arrays
    uint64_t seed = first + n % count;
    bool arrays = n >= count;
    encoder::testing::Gen gen(seed, arrays);
    std::string text = gen.program();
    INFO("seed " << seed << (arrays ? " with arrays" : "") << " (LOCUS_TRACE_SEED=" << seed
                 << " LOCUS_TRACE_COUNT=1)\n"
                 << text);
    ir::Program prog = encoder::testing::compile(text);
    std::optional<repair::Failure> f = failingRun(prog, seed);
    if (!f)
      continue;
    std::unordered_set<ir::StmtId> all;
    ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { all.insert(s.id); });
    localize::Replay r = localize::replayFailure(prog, *f, all);
    REQUIRE(r.error.empty());
    ++checked;
    // every write starts from what the previous write of its entity left
    std::map<localize::Entity, ir::Value> last;
    for (const localize::Point &p : r.points) {
      auto it = last.find(p.entity);
      if (it != last.end() && p.kind != localize::Point::Bind)
        CHECK(ir::toString(p.before) == ir::toString(it->second));
      last[p.entity] = p.after;
    }
    for (size_t k = r.firstPoint; k < r.endPoint; ++k)
      if (auto pre = r.pre.find(r.points[k].entity); pre != r.pre.end()) {
        bool firstWrite = true;
        for (size_t j = r.firstPoint; j < k; ++j)
          firstWrite = firstWrite && !(r.points[j].entity == r.points[k].entity);
        if (firstWrite)
          CHECK(ir::toString(pre->second) == ir::toString(r.points[k].before));
      }
    // the interpreter's state at the failure: the entry's variables (but the failing check's own
    // temporaries), the globals and the heap
    const ir::State &st = f->run.state;
    const ir::Procedure &ep = prog.procs[f->entry];
    for (uint32_t v = 0; v < ep.vars.size(); ++v) {
      localize::Entity e{localize::Entity::Var, 0, v, 0};
      if (ep.vars[v].temp)
        continue;
      if (auto it = last.find(e); it != last.end())
        CHECK_MESSAGE(ir::toString(it->second) == ir::toString(st.entryVars.at(v)), ep.vars[v].name);
    }
    for (uint32_t g = 0; g < prog.globals.size(); ++g)
      if (auto it = last.find(localize::Entity{localize::Entity::Var, localize::Entity::kGlobal, g, 0});
          it != last.end())
        CHECK(ir::toString(it->second) == ir::toString(st.globals.at(g)));
    for (const auto &[e, v] : last) {
      if (e.kind == localize::Entity::Field && e.node >= 1 && e.node <= st.heap.size())
        CHECK(ir::toString(v) == ir::toString(st.heap[e.node - 1].fields.at(e.index)));
      if (e.kind == localize::Entity::Elem) {
        REQUIRE(e.node >= 1);
        REQUIRE(e.node <= st.heap.size());
        REQUIRE(st.heap[e.node - 1].isArray());
        std::optional<ir::Value> known = ir::knownElement(st.heap[e.node - 1], e.at);
        CHECK_MESSAGE(known, r.name(e));
        if (known)
          CHECK_MESSAGE(ir::toString(v) == ir::toString(*known), r.name(e));
        ++elements;
      }
    }
    // every element the region reads is an entity of the post-state
    for (size_t k = r.firstPoint; k < r.endPoint; ++k)
      if (r.points[k].readNode != 0 && r.typeOf(r.points[k].entity).kind != ir::Type::Array) {
        const ir::Stmt *s = ir::StmtIndex(prog).find(r.points[k].stmt);
        if (s && s->kind == ir::Stmt::GetElem) {
          localize::Entity e = localize::Entity::elem(r.points[k].readNode, r.points[k].readIndex);
          CHECK_MESSAGE(r.post.count(e), r.name(e));
        }
      }
  }
  MESSAGE(checked << " failing runs replayed, " << elements << " array elements compared");
  CHECK(checked > static_cast<int>(2 * count) / 5);
  CHECK(elements > 0);
}

TEST_CASE("gradient: Algorithm 2's invariants, and post-states of one size on z3 and cvc5") {
  uint64_t first = envOr("LOCUS_TRACE_SEED", 1), count = envOr("LOCUS_TRACE_COUNT", 120);
  int checked = 0, agreed = 0;
  for (uint64_t n = 0; n < 2 * count; ++n) {
    // every seed twice: the generator's programs without arrays, then with int and Node arrays
    uint64_t seed = first + n % count;
    bool arrays = n >= count;
    encoder::testing::Gen gen(seed, arrays);
    std::string text = gen.program();
    INFO("seed " << seed << (arrays ? " with arrays" : "") << " (LOCUS_TRACE_SEED=" << seed
                 << " LOCUS_TRACE_COUNT=1)\n"
                 << text);
    ir::Program prog = encoder::testing::compile(text);
    std::optional<repair::Failure> f = failingRun(prog, seed);
    if (!f)
      continue;
    std::vector<size_t> sizes;
    for (const std::string &solver : backends::apiSolvers()) {
      localize::Options opts;
      opts.solver = solver;
      opts.timeoutMs = 5000;
      localize::GradientResult g = localize::gradientLocalize(prog, *f, opts);
      if (!g.error.empty()) {
        // the only failures it cannot start from: a check no state passes
        CHECK_MESSAGE(g.error.find("no state makes the failing check pass") != std::string::npos, g.error);
        sizes.push_back(SIZE_MAX);
        continue;
      }
      ++checked;
      sizes.push_back(g.corrections.size());
      for (size_t k = 1; k < g.points.size(); ++k)
        CHECK(std::abs(g.points[k].gammaBefore - g.points[k - 1].gammaAfter) < 1e-9);
      std::unordered_set<ir::StmtId> blamable = localize::blamableStatements(prog, opts);
      for (const localize::GradientPoint &p : g.points) {
        if (!p.up && !p.down)
          CHECK(p.suspicious);
        if (p.suspicious && blamable.count(p.stmt))
          CHECK(g.suspicious.count(p.stmt));
      }
      CHECK(g.suspicious.size() + g.lockable.size() == blamable.size());
      for (ir::StmtId s : g.suspicious) {
        CHECK(blamable.count(s));
        CHECK_FALSE(g.lockable.count(s));
      }
    }
    if (sizes.size() == 2 && sizes[0] != SIZE_MAX && sizes[1] != SIZE_MAX) {
      CHECK(sizes[0] == sizes[1]);
      ++agreed;
    }
  }
  MESSAGE(checked << " gradient runs, " << agreed << " compared across solvers");
  CHECK(checked > static_cast<int>(2 * count) / 6);
  if (backends::apiSolvers().size() >= 2)
    CHECK(agreed > static_cast<int>(2 * count) / 6);
}

// The order inside gradient's suspicious set (docs/localize.md): a statement ranks by the best key of its
// instances — suspicious instances before rule-only statements, then the distance from the post-state's
// corrections (0: contradicted, or a condition's false evaluation after it; outside the slice of the
// corrections last), then the corrected entities the statement reaches (more first), then the tier (the
// post-state contradicts the value it leaves, Γ grows, sandwiched, Γ shrinks), then the earliest instance;
// a line by its best statement; equal keys tie.
// Recomputed here from the points (the tier from Γ before and after, not from the method's own direction) and
// checked on the method's ranking; the set itself is the suspicious set, unchanged.
TEST_CASE("gradient: the order inside the suspicious set") {
  using localize::GradientRank;
  using localize::Suspicion;
  uint64_t first = envOr("LOCUS_TRACE_SEED", 1), count = envOr("LOCUS_TRACE_COUNT", 80);
  int checked = 0, ordered = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    encoder::testing::Gen gen(seed, false);
    std::string text = gen.program();
    INFO("seed " << seed << " (LOCUS_TRACE_SEED=" << seed << " LOCUS_TRACE_COUNT=1)\n" << text);
    ir::Program prog = encoder::testing::compile(text);
    std::optional<repair::Failure> f = failingRun(prog, seed);
    if (!f)
      continue;
    localize::Options opts;
    opts.solver = "z3";
    opts.timeoutMs = 5000;
    localize::GradientResult g = localize::gradientLocalize(prog, *f, opts);
    if (!g.error.empty())
      continue;
    ++checked;
    CHECK(g.rank.size() == g.suspicious.size());
    for (ir::StmtId s : g.suspicious) {
      REQUIRE(g.rank.count(s));
      GradientRank want; // by rule, no instance in the region
      for (size_t k = 0; k < g.points.size(); ++k) {
        const localize::GradientPoint &p = g.points[k];
        if (p.stmt != s)
          continue;
        CHECK(p.contradicted == (p.down && p.backward != ir::toString(p.forward)));
        if (p.contradicted) // the slice's distance starts at the contradictions
          CHECK(p.distance == 0);
        Suspicion tier = !p.suspicious                  ? Suspicion::ByRule
                         : p.contradicted               ? Suspicion::Contradicted
                         : p.gammaAfter > p.gammaBefore ? Suspicion::Diverging
                         : p.gammaAfter < p.gammaBefore ? Suspicion::Converging
                                                        : Suspicion::Sandwiched;
        GradientRank key; // the corrected entities reached are the statement's (by any instance in the slice)
        key.tier = tier;
        key.distance = p.distance;
        key.reached = p.distance == localize::GradientPoint::kFar ? 0 : g.rank.at(s).reached;
        key.point = k;
        if (key < want)
          want = key;
      }
      CHECK(g.rank.at(s).tier == want.tier);
      CHECK(g.rank.at(s).point == want.point);
    }
    // The method's ranking: the suspicious lines, each once, by their best statement's key.
    std::vector<repair::TestRun> tests;
    localize::Problem problem{prog, *f, tests, opts};
    localize::Result r = localize::findMethod("gradient")->run(problem);
    REQUIRE(r.status == localize::Status::Localized);
    ir::StmtIndex index(prog);
    std::set<uint32_t> lines;
    for (ir::StmtId s : g.suspicious)
      if (const ir::Stmt *st = index.find(s); st && st->loc.valid())
        lines.insert(st->loc.line);
    CHECK(r.ranking.size() == lines.size());
    auto keyOf = [&](const localize::Suspect &sus) {
      GradientRank best;
      for (ir::StmtId s : g.suspicious)
        if (const ir::Stmt *st = index.find(s); st && st->loc.line == sus.loc.line && g.rank.at(s) < best)
          best = g.rank.at(s);
      return best;
    };
    for (size_t k = 0; k < r.ranking.size(); ++k) {
      CHECK(lines.count(r.ranking[k].loc.line));
      if (k == 0) {
        CHECK(r.ranking[k].rank == 1);
        continue;
      }
      GradientRank a = keyOf(r.ranking[k - 1]), b = keyOf(r.ranking[k]);
      CHECK_FALSE(b < a);
      CHECK((r.ranking[k].rank == r.ranking[k - 1].rank) == (a == b));
      if (a < b)
        CHECK(r.ranking[k].rank == k + 1);
      ordered += a < b;
    }
  }
  MESSAGE(checked << " gradient runs, " << ordered << " lines ranked strictly below the one before");
  CHECK(checked > static_cast<int>(count) / 6);
  CHECK(ordered > checked);
}

// Theorem A.1 of Wolverine2 under its assumptions: the buggy and the correct program take the same path on
// the input and the faulty statement writes another value there; with the correct program's state as the
// post-state (the paper's postcondition), the faulty statement is suspicious. The correct program is a
// random program that passes on its inputs, the buggy one the same with `x := e` replaced by `x := e + 1`.
TEST_CASE("gradient: Theorem A.1 — a faulty right side is suspicious against the correct program's state") {
  uint64_t first = envOr("LOCUS_TRACE_SEED", 1), count = envOr("LOCUS_TRACE_COUNT", 300);
  int checked = 0, derivedMissed = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    encoder::testing::Gen gen(seed);
    std::string text = gen.program();
    std::mt19937_64 rng(seed);
    std::vector<ir::Value> args = randomArgs(rng);
    ir::InterpOptions io;
    io.seed = seed;
    io.stepLimit = 20000;
    io.recordTrace = true;
    // The correct program: the random one with its final ints asserted (as this run computes them), so
    // that a wrong value that reaches them fails.
    ir::Outcome ok;
    ir::Program good;
    for (int round = 0; round < 2; ++round) {
      good = encoder::testing::compile(text);
      ok = ir::Interpreter(good, io).run(good.procIndex("main"), args);
      if (round == 1 || ok.kind != ir::OutcomeKind::Ok || ok.traceDropped > 0)
        break;
      const ir::Procedure &mp = good.procs[good.procIndex("main")];
      std::map<std::string, std::string> last;
      for (const ir::TraceStep &st : ok.trace)
        if (st.depth == 0 && st.write && st.write->kind == ir::Write::Var &&
            st.write->value.kind == ir::Type::Int &&
            (st.write->var.global || !mp.vars.at(st.write->var.index).temp))
          last[st.write->var.global ? good.globals.at(st.write->var.index).name
                                    : mp.vars.at(st.write->var.index).name] = ir::toString(st.write->value);
      std::string checks;
      for (const auto &[name, value] : last)
        checks += "  assert " + name + " == " + value + ";\n";
      size_t at = text.rfind("}\n");
      text.insert(at, checks);
    }
    if (ok.kind != ir::OutcomeKind::Ok || ok.traceDropped > 0)
      continue;
    uint32_t mainProc = good.procIndex("main");
    // an int assignment of a procedure that may be blamed and that ran
    localize::Options opts;
    opts.solver = "z3";
    opts.timeoutMs = 5000;
    std::unordered_set<ir::StmtId> blamable = localize::blamableStatements(good, opts);
    std::vector<ir::StmtId> ran;
    ir::StmtIndex goodIndex(good);
    for (const ir::TraceStep &st : ok.trace)
      if (const ir::Stmt *s = goodIndex.find(st.stmt); s && s->kind == ir::Stmt::Assign &&
                                                       s->value.type.isInt() && blamable.count(s->id) &&
                                                       std::find(ran.begin(), ran.end(), s->id) == ran.end())
        ran.push_back(s->id);
    if (ran.empty())
      continue;
    ir::StmtId faulty = ran[rng() % ran.size()];
    ir::Program bug = good;
    std::function<void(std::vector<ir::Stmt> &)> mutate = [&](std::vector<ir::Stmt> &stmts) {
      for (ir::Stmt &s : stmts) {
        if (s.id == faulty)
          s.value = ir::Expr::binary(ir::Op::Add, s.value, ir::Expr::intLit(1, s.value.type));
        mutate(s.body);
      }
    };
    for (ir::Procedure &proc : bug.procs) {
      mutate(proc.pre);
      mutate(proc.body);
      mutate(proc.post);
    }
    repair::FailureSpec spec;
    spec.kind = repair::FailureSpec::Kind::Inputs;
    spec.args = args;
    spec.nondets = encoder::testing::consumedNondets(good, ok);
    repair::FailureSearch found = repair::findFailure(bug, spec);
    if (found.status != repair::FailureStatus::Found || found.failure->bound)
      continue;
    const repair::Failure &f = *found.failure;
    io.nondetValues = spec.nondets;
    ir::Outcome bad = ir::Interpreter(bug, io).run(mainProc, args);
    bool samePath = bad.trace.size() <= ok.trace.size();
    for (size_t k = 0; samePath && k < bad.trace.size(); ++k)
      samePath = bad.trace[k].stmt == ok.trace[k].stmt;
    if (!samePath)
      continue;
    INFO("seed " << seed << " (LOCUS_TRACE_SEED=" << seed << " LOCUS_TRACE_COUNT=1), faulty #" << faulty
                 << "\n"
                 << text);
    std::string err;
    std::optional<localize::ExpectedState> expected =
        localize::expectedFromReference(bug, good, f, opts, err);
    REQUIRE_MESSAGE(expected, err);
    localize::GradientResult g = localize::gradientLocalize(bug, f, opts, &*expected);
    REQUIRE_MESSAGE(g.error.empty(), g.error);
    CHECK(g.suspicious.count(faulty) == 1);
    ++checked;
    localize::GradientResult d = localize::gradientLocalize(bug, f, opts);
    derivedMissed += d.error.empty() && !d.suspicious.count(faulty);
  }
  MESSAGE(checked << " faults on the correct program's path; the derived post-state missed "
                  << derivedMissed);
  CHECK(checked >= 10);
}

// A left-side fault the failing check cannot see (Wolverine2's B06, C1): `r := n` became `h := n`. The check
// reads the result only, so the derived post-state corrects r and leaves h as the run computed it: no state
// difference shows at `h := n`. The correct program's state (h keeps the argument) shows one.
TEST_CASE("gradient: a wrong left side is found against the correct program's state, not the check's") {
  auto text = [](const std::string &last) {
    return "type Node { next: Node; val: int; }\n"
           "proc push(h: Node, v: int) returns (r: Node) {\n"
           "  var n: Node;\n  n := new Node;\n  n.val := v;\n  n.next := h;\n  " +
           last +
           " := n;\n}\n"
           "proc main(v: int) {\n  var a: Node; var r: Node; var b: bool;\n  a := new Node;\n"
           "  r := push(a, v);\n  b := r != null;\n  assert b;\n}\n";
  };
  ir::Program bug = encoder::testing::compile(text("h")), good = encoder::testing::compile(text("r"));
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Inputs;
  spec.args = {ir::Value::ofInt(7)};
  repair::FailureSearch found = repair::findFailure(bug, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  localize::Options opts;
  opts.solver = "z3";
  opts.procs = std::unordered_set<uint32_t>{bug.procIndex("push")};
  ir::StmtId faulty = 0;
  ir::forEachStmt(bug.procs[bug.procIndex("push")].body, [&](const ir::Stmt &s) {
    if (s.kind == ir::Stmt::Assign && s.loc.line == 7)
      faulty = s.id;
  });
  REQUIRE(faulty != 0);
  localize::GradientResult derived = localize::gradientLocalize(bug, *found.failure, opts);
  REQUIRE(derived.error.empty());
  CHECK_FALSE(derived.suspicious.count(faulty));
  std::string err;
  std::optional<localize::ExpectedState> expected =
      localize::expectedFromReference(bug, good, *found.failure, opts, err);
  REQUIRE_MESSAGE(expected, err);
  CHECK(ir::toString(expected->values.at("h")) == "n1"); // the argument: the node main made first
  localize::GradientResult g = localize::gradientLocalize(bug, *found.failure, opts, &*expected);
  REQUIRE(g.error.empty());
  CHECK(g.suspicious.count(faulty));
  // the reference itself must pass: a failing one gives no state
  ir::Program failing = encoder::testing::compile(text("h"));
  CHECK_FALSE(localize::expectedFromReference(bug, failing, *found.failure, opts, err));
  CHECK(err.find("fails") != std::string::npos);
}

TEST_CASE("pwp: runs on random failures and ranks blamable statements only") {
  uint64_t first = envOr("LOCUS_TRACE_SEED", 1), count = envOr("LOCUS_TRACE_COUNT", 150);
  int localized = 0;
  for (uint64_t n = 0; n < 2 * count; ++n) {
    // every seed twice: the generator's programs without arrays, then with int and Node arrays
    uint64_t seed = first + n % count;
    bool arrays = n >= count;
    encoder::testing::Gen gen(seed, arrays);
    std::string text = gen.program();
    INFO("seed " << seed << (arrays ? " with arrays" : "") << " (LOCUS_TRACE_SEED=" << seed
                 << " LOCUS_TRACE_COUNT=1)\n"
                 << text);
    ir::Program prog = encoder::testing::compile(text);
    std::optional<repair::Failure> f = failingRun(prog, seed);
    if (!f)
      continue;
    std::vector<repair::TestRun> tests;
    localize::Options opts;
    localize::Problem p{prog, *f, tests, opts};
    localize::Result r = localize::findMethod("pwp")->run(p);
    REQUIRE_MESSAGE(r.status == localize::Status::Localized, r.message);
    ++localized;
    std::unordered_set<ir::StmtId> blamable = localize::blamableStatements(prog, opts);
    uint32_t previous = 0;
    for (const localize::Suspect &s : r.ranking) {
      CHECK(s.rank >= previous);
      previous = s.rank;
      CHECK_FALSE(s.evidence.empty());
      for (ir::StmtId id : s.statements)
        CHECK(blamable.count(id));
    }
  }
  CHECK(localized > static_cast<int>(2 * count) / 5);
}

TEST_CASE("rankByScores: lines by their best statement, equal scores tie, zero scores left out") {
  ir::Program prog = encoder::testing::compile("proc f(x: int) returns (r: int)\n"
                                               "{\n"
                                               "  r := x;\n"
                                               "  r := r + 1; r := r + 2;\n"
                                               "  r := r * 2;\n"
                                               "  r := 0;\n"
                                               "}\n");
  // statements 1..5: lines 3, 4, 4, 5, 6
  std::map<ir::StmtId, double> scores{{1, 0.5}, {2, 0.25}, {3, 0.9}, {4, 0.5}, {5, 0}};
  std::vector<localize::Suspect> ranked = localize::rankByScores(prog, scores);
  REQUIRE(ranked.size() == 3);
  CHECK(ranked[0].loc.line == 4);
  CHECK(ranked[0].rank == 1);
  CHECK(ranked[0].score == doctest::Approx(0.9));
  CHECK(ranked[0].statements == std::vector<ir::StmtId>{2, 3});
  CHECK(ranked[1].loc.line == 3);
  CHECK(ranked[1].rank == 2);
  CHECK(ranked[2].loc.line == 5);
  CHECK(ranked[2].rank == 2);
}

TEST_CASE("replay: a loop's bound failure stops at the loop's unwinding assertion; gradient localizes it") {
  // The inner loop never ends when the outer one reaches j = 1 (the counter is not advanced there): the run
  // would go on to the interpreter's step limit; the replay stops at the inner loop's (bound+1)-th test in
  // that execution of it.
  ir::Program prog = encoder::testing::compile(R"(proc f(n: int) returns (s: int)
  requires n >= 2 && n <= 3
{
  var i: int;
  var j: int;
  j := 0;
  while (j < n) {
    i := 0;
    while (i < n) {
      s := s + 1;
      if (j != 1) {
        i := i + 1;
      }
    }
    j := j + 1;
  }
}
)");
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Verify;
  spec.entry = "f";
  spec.verify.encode.unwind = 4;
  repair::FailureSearch found = repair::findFailure(prog, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  const repair::Failure &f = *found.failure;
  REQUIRE(f.bound);
  std::unordered_set<ir::StmtId> all;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { all.insert(s.id); });
  localize::Replay r = localize::replayFailure(prog, f, all);
  REQUIRE(r.error.empty());
  REQUIRE(r.check);
  CHECK(r.check->kind == ir::Stmt::While);
  CHECK(r.check->id == f.boundStmt);
  CHECK(r.chain.empty());
  // the last step is the check, and the loop's tests in its context since its first test: bound + 1
  REQUIRE(!r.steps.empty());
  const ir::TraceStep &last = r.steps.back();
  CHECK(last.stmt == f.boundStmt);
  CHECK(r.regionEnd == r.steps.size() - 1);
  ir::StmtIndex index(prog);
  size_t tests = 0; // since the last `i := 0` (line 8), which starts this execution of the loop
  for (size_t k = r.steps.size(); k-- > 0;) {
    const ir::Stmt *s = index.find(r.steps[k].stmt);
    if (s && s->kind == ir::Stmt::Assign && s->loc.line == 8)
      break;
    tests += r.steps[k].stmt == f.boundStmt && r.steps[k].context == last.context;
  }
  CHECK(tests == 5);
  CHECK(r.steps.size() < 200); // not the interpreter's step limit
  // gradient: the post-state stops the inner loop there (its condition false), and the guarded increment's
  // line is ranked
  localize::Options opts;
  opts.solver = "z3";
  localize::GradientResult g = localize::gradientLocalize(prog, f, opts);
  REQUIRE(g.error.empty());
  CHECK(!g.corrections.empty());
  std::vector<localize::Suspect> ranked = localize::rankSuspicious(prog, g);
  bool increment = false;
  for (const localize::Suspect &s : ranked)
    increment = increment || s.loc.line == 11 || s.loc.line == 12;
  CHECK(increment);
  // pwp refuses it (it starts from an assertion's formula)
  std::vector<repair::TestRun> none;
  localize::Problem p{prog, f, none, opts};
  localize::Result pr = localize::findMethod("pwp")->run(p);
  CHECK(pr.status == localize::Status::Error);
  CHECK(pr.message.find("a bound failure") != std::string::npos);
}
