// Wolverine2's forward/backward gradient localization (Verma & Roy, "Debug-Localize-Repair", Section 5 and
// Algorithm 2), on the region of the failing run (replay.h).
//
// Forward execution: the interpreter's states ω_i, one per write. Backward execution: from the post-state
// (the state where the last blamable write leaves the run with the fewest entity changes that make the
// failing check pass, found on the encoder's step equation of the run: derivePostState) towards the
// start of the region; a write whose left side is upward exposed restores it from the pre-state (asgn1,
// getfld1, …), any other write splits the set of states over every value of the left side's domain
// (asgn2). Splits are uniform and independent, so the multiset Ω_i is a product of one distribution per
// entity (a value, or uniform over a domain) and
//   Γ_i = M / |Ω_i| · Σ_{ω ∈ Ω_i} dist(ω, ω_i) = 2M · Σ_e Pr_{ω ∈ Ω_i}[ω(e) ≠ ω_i(e)]
// (dist counts the points-to pairs in one state and not the other: 2 per differing entity). Between two
// consecutive points only the written entity changes on either side, so Γ_{i-1} ≠ Γ_i exactly when that
// entity's term changes; we compare those terms as exact fractions.
//
// The paper returns the suspicious set unordered; we rank inside it by the best instance of each statement:
// a suspicious one before a rule, then the nearest to the post-state's corrections in the run's direct
// dependences — data, control and potential (outside the slice of the corrections last), then the number of
// corrected entities the statement reaches, then the strength of its evidence (the post-state contradicts
// the value it leaves; Γ grows; sandwiched; Γ shrinks), then the earliest (docs/localize.md, "The order
// inside the set").
#include "repair/localize/gradient.h"

#include "backends/encoder/exprs.h"
#include "backends/maxsat.h"
#include "backends/solver.h"
#include "ir/analysis.h"
#include "ir/global_alloc.h"
#include "repair/localize/encoding.h"
#include "repair/localize/methods.h"
#include "repair/localize/replay.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <numeric>
#include <set>
#include <tuple>

namespace locus::localize {

namespace {

using backends::Term;

/// The domain a reference of type t splits over: a record's nodes, or the arrays of one array type.
std::string refKey(const ir::Type &t) {
  if (t.kind == ir::Type::Array)
    return "a" + std::to_string(t.dims) + ":" + std::to_string(t.elem) + ":" + std::to_string(t.bits) + ":" +
           std::to_string(t.isSigned) + ":" + std::to_string(t.record);
  return "r" + std::to_string(t.record);
}

/// The heap objects a reference of type t may point to: the nodes of its record, or the arrays of its type.
std::vector<uint32_t> objectsOf(const Replay &r, const ir::Type &t) {
  std::vector<uint32_t> out;
  if (t.kind == ir::Type::Array) {
    for (const auto &[node, a] : r.arrays)
      if (a.type == t)
        out.push_back(node);
  } else {
    for (const auto &[node, rec] : r.nodeRecord)
      if (rec == t.record)
        out.push_back(node);
  }
  return out;
}

/// A probability as an exact fraction num/den (den > 0).
struct Fraction {
  uint64_t num = 0, den = 1;
  friend bool operator==(const Fraction &a, const Fraction &b) {
    return static_cast<unsigned __int128>(a.num) * b.den == static_cast<unsigned __int128>(b.num) * a.den;
  }
  double value() const { return static_cast<double>(num) / static_cast<double>(den); }
};

/// The post-state: the state where the region's last blamable write leaves it (the *tail* after it — trusted
/// code such as `main` reading the result — is executed symbolically along the run's path), with the fewest
/// entity changes (weighted MaxSAT, every entity the tail and the check can read soft-equal to its forward
/// value) that make the failing check pass.
struct PostState {
  std::string error;
  bool unknown = false;
  size_t tail = 0;                     ///< the first point of the tail (the region ends here)
  std::map<Entity, ir::Value> forward; ///< the forward state at the tail's start
  std::map<Entity, ir::Value> changed;
  double solveSeconds = 0;
  size_t entities = 0;
};

/// The region's end (after its last blamable write) and the forward state there.
PostState forwardAtTail(const Replay &r, const std::unordered_set<ir::StmtId> &blamable) {
  PostState ps;
  ps.tail = r.firstPoint;
  for (size_t k = r.firstPoint; k < r.endPoint; ++k)
    if (blamable.count(r.points[k].stmt))
      ps.tail = k + 1;
  ps.forward = r.post;
  for (size_t k = r.endPoint; k-- > ps.tail;)
    ps.forward[r.points[k].entity] = r.points[k].before;
  return ps;
}

/// The post-state given as an expected state: every entity the region writes takes its expected value
/// (where the expected state names it).
PostState expectedPostState(const Replay &r, const std::unordered_set<ir::StmtId> &blamable,
                            const ExpectedState &expected) {
  PostState ps = forwardAtTail(r, blamable);
  std::set<Entity> written;
  for (size_t k = r.firstPoint; k < ps.tail; ++k)
    written.insert(r.points[k].entity);
  for (const Entity &e : written) {
    auto fw = ps.forward.find(e);
    auto ex = expected.values.find(r.name(e));
    if (fw != ps.forward.end() && ex != expected.values.end() && !(fw->second == ex->second))
      ps.changed[e] = ex->second;
  }
  ps.entities = written.size();
  return ps;
}

/// The post-state on the step equation of the failing run (backends/encoder): the inputs fixed, only the
/// statements the run executed, and the state cut where the region's last blamable write leaves the run
/// (where the region starts when it has none: EncodeOptions::cut). What runs after the cut — the tail and
/// the check — is the encoder's; the failing check's instance is required to run and pass. The cut's values
/// are soft-equal to their forward values: the MaxSAT's falsified ones are the corrections.
PostState derivePostState(const ir::Program &prog, const repair::Failure &f, const Replay &r,
                          const std::unordered_set<ir::StmtId> &blamable, const Options &opts,
                          bool fixUnwritten) {
  PostState ps = forwardAtTail(r, blamable);
  backends::TermManager tm;
  backends::MakeSolverResult made = backends::makeSolver(opts.solver, tm);
  if (!made) {
    ps.error = made.error;
    return ps;
  }
  backends::Solver &solver = *made.solver;
  solver.setTimeout(opts.timeoutMs);
  encoder::ExprEncoder ex(tm, f.ints);
  ir::StmtIndex index(prog);

  std::set<Entity> written;
  for (size_t k = r.firstPoint; k < ps.tail; ++k)
    written.insert(r.points[k].entity);
  // The array types a blamable statement writes elements of: an element of another array type (an input
  // array the program only reads) no fix could change, like a variable the region never writes.
  std::vector<ir::Type> writableArrays;
  for (ir::StmtId id : blamable)
    if (const ir::Stmt *st = index.find(id); st && st->kind == ir::Stmt::PutElem) {
      ir::Type t = prog.var(prog.procs.at(index.procOf(id)), st->base).type;
      if (std::find(writableArrays.begin(), writableArrays.end(), t) == writableArrays.end())
        writableArrays.push_back(t);
    }
  auto fixedEntity = [&](const Entity &e) {
    if (written.count(e))
      return false;
    if (e.kind == Entity::Var)
      return true;
    if (e.kind != Entity::Elem)
      return false;
    auto a = r.arrays.find(e.node);
    return a != r.arrays.end() &&
           std::find(writableArrays.begin(), writableArrays.end(), a->second.type) == writableArrays.end();
  };

  // Where the cut stands, and the frames on the call stack there (the entry first).
  encoder::StateCut cut;
  uint32_t frame = 0;
  if (ps.tail > r.firstPoint) {
    const Point &pt = r.points[ps.tail - 1];
    cut.stmt = r.steps.at(pt.step).stmt;
    cut.context = r.contexts.path(r.steps[pt.step].context);
    cut.where = pt.kind == Point::Bind ? encoder::StateCut::CalleeStart : encoder::StateCut::After;
    frame = pt.kind == Point::Bind ? pt.entity.frame : r.stepFrame.at(pt.step);
  } else {
    size_t k = std::min(r.regionStart, r.steps.size() - 1);
    cut.stmt = r.steps[k].stmt;
    cut.context = r.contexts.path(r.steps[k].context);
    cut.where = encoder::StateCut::Before;
    frame = r.stepFrame.at(k);
  }
  std::vector<uint32_t> stack;
  for (uint32_t fr = frame; fr != ir::kNone; fr = r.frames.at(fr).parent)
    stack.push_back(fr);
  std::reverse(stack.begin(), stack.end());
  // The objects that exist at the cut: not those the tail allocates.
  std::set<uint32_t> later;
  for (size_t k = ps.tail; k < r.endPoint; ++k)
    if (const ir::Stmt *s = index.find(r.points[k].stmt);
        s && r.points[k].kind == Point::Write && (s->kind == ir::Stmt::New || s->kind == ir::Stmt::NewArray))
      later.insert(r.points[k].after.node);
  for (const auto &[node, rec] : r.nodeRecord)
    if (!later.count(node))
      cut.nodes.emplace(node, rec);
  // The elements: those the run touched, and every element of a small array (the first kSmall of a larger
  // one). An element the run never touched keeps its value (the encoder's).
  constexpr int64_t kSmall = 64;
  std::map<uint32_t, std::set<int64_t>> touched;
  for (const auto *m : {&r.pre, &r.post})
    for (const auto &[e, v] : *m)
      if (e.kind == Entity::Elem)
        touched[e.node].insert(e.at);
  for (const auto &[node, a] : r.arrays) {
    if (later.count(node))
      continue;
    for (int64_t k = 0; k < std::min(a.length, kSmall); ++k)
      if (touched[node].insert(k).second)
        ps.forward.emplace(Entity::elem(node, k), r.initialElement(node, k));
    for (int64_t k : touched[node])
      cut.elements.push_back({node, k, a.type});
  }

  // The step equation: what the run executed, the failing check's statements included.
  std::unordered_set<ir::StmtId> only(f.run.covered.begin(), f.run.covered.end());
  for (const ir::TraceStep &s : r.steps)
    only.insert(s.stmt);
  for (const ir::Stmt *s : r.chain)
    only.insert(s->id);
  if (r.check)
    only.insert(r.check->id);
  encoder::EncodeOptions eo = failureEncodeOptions(f, opts, only);
  eo.relaxValues = eo.relaxGuards = eo.relaxTargets = false;
  eo.havocOutside = false;
  eo.cut = cut;
  encoder::Encoding enc;
  try {
    enc = encoder::encode(prog, f.entry, tm, eo);
    if (enc.cutReached)
      enc.assertTo(solver, false, true);
  } catch (const encoder::Stopped &e) { // the time limit or Ctrl-C: no answer, as a solver's
    ps.unknown = true;
    ps.error = std::string("the post-state's encoding stopped: ") +
               (e.why == encoder::Stopped::TimeLimit ? "timeout" : "interrupted");
    return ps;
  } catch (const std::exception &e) {
    ps.error = std::string("internal: the failing run's encoding: ") + e.what();
    return ps;
  }
  if (!enc.cutReached) {
    ps.error = "internal: the failing run's encoding does not reach the end of the region";
    return ps;
  }
  // The failing check's instance runs (an enclosing `if` says whether the check runs, not whether it passes)
  // and passes; what runs before it after the cut is the program's own. A bound failure's check is the
  // loop's unwinding check (its instance: the loop's context, that of every test of its condition): it
  // passes when the condition is false at the (bound+1)-th test.
  std::map<std::pair<ir::StmtId, ir::ContextPath>, Term> execOf;
  for (const encoder::Execution &e : enc.executions)
    execOf.emplace(std::make_pair(e.stmt, enc.contexts.path(e.instance)), e.exec);
  const ir::TraceStep &last = r.steps.back();
  ir::ContextPath checkContext = r.contexts.path(last.context);
  std::set<ir::StmtId> checkStmts{last.stmt};
  for (const ir::Stmt *s : r.chain)
    checkStmts.insert(s->id);
  if (r.check) {
    checkStmts.insert(r.check->id);
    if (auto it = execOf.find({r.check->id, checkContext}); it != execOf.end())
      solver.assertFormula(it->second);
  }
  for (const encoder::Check &c : enc.checks)
    if (checkStmts.count(c.stmt) && enc.contexts.path(c.instance) == checkContext)
      solver.assertFormula(tm.mkNot(c.failed));

  // The cut's values as entities: soft-equal to their forward values, in their domains.
  std::vector<backends::SoftFormula> softs;
  std::vector<Entity> softEntity;
  std::map<Entity, Term> fresh;
  for (const encoder::CutValue &v : enc.cut) {
    Entity e;
    switch (v.kind) {
    case encoder::CutValue::Var: e = Entity{Entity::Var, stack.at(v.depth), v.index, 0, 0}; break;
    case encoder::CutValue::Global: e = Entity{Entity::Var, Entity::kGlobal, v.index, 0, 0}; break;
    case encoder::CutValue::Field: e = Entity::field(v.node, v.index); break;
    case encoder::CutValue::Elem: e = Entity::elem(v.node, v.at); break;
    }
    Term x = v.fresh;
    fresh.emplace(e, x);
    if (v.type.isHeapRef()) {
      std::vector<Term> dom{tm.mkEq(x, tm.mkInt(0))};
      for (uint32_t n : objectsOf(r, v.type))
        if (!later.count(n))
          dom.push_back(tm.mkEq(x, tm.mkInt(n)));
      solver.assertFormula(tm.mkOr(dom));
    } else if (Term d = ex.inputDomain(x, v.type).always; !d.isNull()) {
      solver.assertFormula(d);
    }
    auto fw = ps.forward.find(e);
    if (fw == ps.forward.end())
      continue;
    Term same = tm.mkEq(x, ex.valueTerm(fw->second, v.type));
    if (fixUnwritten && fixedEntity(e)) {
      solver.assertFormula(same);
    } else {
      softs.push_back({same, 1});
      softEntity.push_back(e);
    }
  }
  // Of the equally small corrections, the one closest to what the region writes: weight K per change, one
  // more for an entity the region does not write but on a node or array it writes, two more for any other
  // (the fewest changes first: K exceeds the sum of the extras).
  std::set<uint32_t> writtenObjects;
  for (const Entity &e : written)
    if (e.kind != Entity::Var)
      writtenObjects.insert(e.node);
  const uint64_t K = 2 * softs.size() + 1;
  for (size_t k = 0; k < softs.size(); ++k) {
    const Entity &e = softEntity[k];
    softs[k].weight = written.count(e)                                        ? K
                      : e.kind != Entity::Var && writtenObjects.count(e.node) ? K + 1
                                                                              : K + 2;
  }
  for (Term d : ex.takeDefinitions())
    solver.assertFormula(d);
  ps.entities = softs.size();
  auto t0 = std::chrono::steady_clock::now();
  backends::MaxSatResult m = backends::solveMaxSat(solver, softs);
  if (m.result.isUnknown()) {
    ps.unknown = true;
    ps.error = std::string("the solver gave no answer: ") + backends::reasonName(m.result.reason);
    return ps;
  }
  if (m.result.isUnsat()) {
    ps.error = f.bound
                   ? "no state makes the loop that overran stop at its unwinding assertion (along the "
                     "run's path after the last blamable statement): there is no post-state to go back from"
                   : "no state makes the failing check pass (along the run's path after the last blamable "
                     "statement): there is no post-state to go back from";
    return ps;
  }
  std::vector<Term> keep;
  std::set<size_t> falsified(m.falsified.begin(), m.falsified.end());
  for (size_t k = 0; k < softs.size(); ++k)
    if (!falsified.count(k))
      keep.push_back(softs[k].formula);
  backends::Result model = solver.check(keep);
  ps.solveSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!model.isSat()) {
    ps.unknown = model.isUnknown();
    ps.error = model.isUnknown()
                   ? std::string("the solver gave no answer: ") + backends::reasonName(model.reason)
                   : "internal: the optimal post-state is not a model";
    return ps;
  }
  for (size_t k : m.falsified) {
    const Entity &e = softEntity.at(k);
    std::optional<ir::Value> v = encoder::modelValue(solver.value(fresh.at(e)), r.typeOf(e));
    if (!v) {
      ps.error = "internal: the post-state's value of " + r.name(e) + " is not a value of its type";
      return ps;
    }
    ps.changed[e] = *v;
  }
  return ps;
}

/// The domains the backward execution splits over: for a reference of record R, null and every node of R
/// the run has by the check; for a bool, both values; for an int, every int value the region's states hold
/// (the pre-state, every write, the post-state).
struct Domains {
  std::map<std::string, uint64_t> refs; ///< refKey → number of values (null included)
  std::set<ir::BigInt> ints;
  uint64_t size(ir::Type t) const {
    if (t.kind == ir::Type::Bool)
      return 2;
    if (t.isHeapRef()) {
      auto it = refs.find(refKey(t));
      return it == refs.end() ? 1 : it->second;
    }
    return std::max<uint64_t>(1, ints.size());
  }
  /// Whether v is a value the split covers.
  bool holds(ir::Type t, const ir::Value &v) const {
    if (t.kind == ir::Type::Int)
      return ints.count(v.i) > 0;
    return true; // bools and references: every value of the type that exists is in the domain
  }
};

std::string describe(const ir::Value &v) {
  return ir::toString(v);
}

/// What a write may change, as the program's text names it (the run resolves it to an entity): a local
/// variable of a procedure, a global, a field of a record's nodes, an element of an array type's arrays.
struct WriteKey {
  enum Kind : uint8_t { Local, Global, Field, Elem };
  Kind kind = Local;
  uint32_t a = 0, b = 0; ///< Local: proc, var; Global: var; Field: record, field
  std::string array;     ///< Elem: refKey of the array type
  friend auto operator<=>(const WriteKey &, const WriteKey &) = default;
};

/// The program's control structure as the run's dependences need it (docs/localize.md, gradient, "The order
/// inside the set"): per statement, the condition variables of the loops around it in its procedure (an
/// instance in a loop's body runs because the last evaluation of the condition held: control dependence);
/// per condition variable (a guard's or a loop's), what the statements it decides may write (when it is
/// false they do not run, so an entity one of them writes keeps its value because of it: the potential
/// dependence of relevant slicing).
struct Decisions {
  std::unordered_map<ir::StmtId, std::vector<ir::VarRef>> loops;
  std::map<std::pair<uint32_t, ir::VarRef>, std::set<WriteKey>> decides; ///< (proc, variable) → what
};

Decisions decisionsOf(const ir::Program &prog) {
  Decisions d;
  for (uint32_t pi = 0; pi < prog.procs.size(); ++pi) {
    const ir::Procedure &proc = prog.procs[pi];
    auto keyOf = [&](const ir::Stmt &st) -> std::optional<WriteKey> {
      if (st.kind == ir::Stmt::PutField)
        return WriteKey{WriteKey::Field, prog.var(proc, st.base).type.record, st.field, {}};
      if (st.kind == ir::Stmt::PutElem)
        return WriteKey{WriteKey::Elem, 0, 0, refKey(prog.var(proc, st.base).type)};
      if (!ir::writesLhs(st))
        return std::nullopt;
      return st.lhs.global ? WriteKey{WriteKey::Global, st.lhs.index, 0, {}}
                           : WriteKey{WriteKey::Local, pi, st.lhs.index, {}};
    };
    // deciding: the condition variables of the enclosing loops and of the guards of the enclosing loops
    std::function<void(const std::vector<ir::Stmt> &, const std::vector<ir::VarRef> &,
                       const std::vector<ir::VarRef> &)>
        walk = [&](const std::vector<ir::Stmt> &stmts, const std::vector<ir::VarRef> &loopConds,
                   const std::vector<ir::VarRef> &deciding) {
          for (const ir::Stmt &st : stmts) {
            d.loops[st.id] = loopConds;
            std::vector<ir::VarRef> mine = deciding;
            ir::varsRead(st.guard, mine);
            if (std::optional<WriteKey> k = keyOf(st))
              for (const ir::VarRef &v : mine)
                d.decides[{pi, v}].insert(*k);
            if (!st.isCompound())
              continue;
            std::vector<ir::VarRef> innerLoops = loopConds, innerDeciding = mine;
            if (st.kind == ir::Stmt::While) {
              std::vector<ir::VarRef> cond;
              ir::varsRead(st.value, cond);
              innerLoops.insert(innerLoops.end(), cond.begin(), cond.end());
              innerDeciding.insert(innerDeciding.end(), cond.begin(), cond.end());
            }
            walk(st.body, innerLoops, innerDeciding);
          }
        };
    walk(proc.body, {}, {});
  }
  return d;
}

} // namespace

std::optional<ExpectedState> expectedFromReference(const ir::Program &prog, const ir::Program &reference,
                                                   const repair::Failure &f, const Options &opts,
                                                   std::string &err) {
  repair::Failure rf = f;
  rf.entry = reference.procIndex(prog.procs.at(f.entry).name);
  if (rf.entry == ir::kNone) {
    err = "the reference has no procedure " + prog.procs.at(f.entry).name;
    return std::nullopt;
  }
  if (opts.procs)
    for (uint32_t k : *opts.procs)
      if (k >= reference.procs.size() || reference.procs[k].name != prog.procs.at(k).name) {
        err = "the reference's procedures differ from the program's";
        return std::nullopt;
      }
  // Where the failing run's check starts: the k-th run of a source statement (its place); the reference's
  // state is read where it runs that statement for the k-th time (the same step when it takes the same path),
  // or at its end.
  if (f.bound) { // the reference ends the loop: it never reaches the loop's (bound+1)-th test
    err = "a bound failure: the reference never tests the loop's condition where the failing run overruns it";
    return std::nullopt;
  }
  Replay rb = replayFailure(prog, f, blamableStatements(prog, opts));
  if (!rb.error.empty()) {
    err = rb.error;
    return std::nullopt;
  }
  ir::StmtIndex index(prog), refIndex(reference);
  auto place = [](const ir::StmtIndex &ix, ir::StmtId id) {
    const ir::Stmt *st = ix.find(id);
    return st ? std::make_tuple(st->loc.file, st->loc.line, st->loc.col, static_cast<int>(st->kind))
              : std::make_tuple(0u, 0u, 0u, -1);
  };
  auto checkPlace = place(index, rb.steps.at(rb.regionEnd).stmt);
  size_t occurrence = 0;
  for (size_t k = 0; k <= rb.regionEnd; ++k)
    occurrence += place(index, rb.steps[k].stmt) == checkPlace;
  size_t seen = 0;
  StopAt atCheck = [&](const ir::TraceStep &step) {
    return place(refIndex, step.stmt) == checkPlace && ++seen == occurrence;
  };
  Replay rr = replayRun(reference, rf, blamableStatements(reference, opts), atCheck);
  if (!rr.error.empty()) {
    err = "the reference on the failing run's inputs: " + rr.error;
    return std::nullopt;
  }
  ExpectedState out;
  for (const auto &[e, v] : rr.post)
    out.values[rr.name(e)] = v;
  return out;
}

GradientResult gradientLocalize(const ir::Program &prog, const repair::Failure &f, const Options &opts,
                                const ExpectedState *expected) {
  GradientResult g;
  std::unordered_set<ir::StmtId> blamable = blamableStatements(prog, opts);
  g.blamable = blamable.size();
  ir::StmtIndex index(prog);
  std::set<std::pair<uint32_t, uint32_t>> allLines;
  for (ir::StmtId s : blamable)
    if (const ir::Stmt *st = index.find(s); st && st->loc.valid())
      allLines.insert({st->loc.file, st->loc.line});
  g.lines = allLines.size();
  Replay r = replayFailure(prog, f, blamable);
  if (!r.error.empty()) {
    g.error = r.error;
    return g;
  }
  // The post-state changes what the region writes, and heap fields (any write may reach a node through an
  // alias); a variable the region never writes keeps its value unless no post-state exists otherwise.
  PostState ps;
  if (expected) {
    ps = expectedPostState(r, blamable, *expected);
  } else {
    ps = derivePostState(prog, f, r, blamable, opts, true);
    if (!ps.error.empty() && !ps.unknown)
      ps = derivePostState(prog, f, r, blamable, opts, false);
  }
  g.stats["solve_s"] = ps.solveSeconds;
  if (!ps.error.empty()) {
    g.error = ps.error;
    g.unknown = ps.unknown;
    return g;
  }
  // The region ends with its last blamable write; the post-state is the forward state there, corrected.
  const size_t end = ps.tail;
  const std::map<Entity, ir::Value> &fwdEnd = ps.forward;
  std::map<Entity, ir::Value> post = fwdEnd;
  for (const auto &[e, v] : ps.changed) {
    g.corrections.push_back({r.name(e), post[e], v});
    post[e] = v;
  }

  // Domains.
  Domains dom;
  auto addObject = [&](const std::string &key) {
    dom.refs[key] = dom.refs.count(key) ? dom.refs[key] + 1 : 2;
  };
  for (const auto &[node, rec] : r.nodeRecord)
    addObject(refKey(ir::Type::refType(rec))); // null and the node
  for (const auto &[node, a] : r.arrays)
    addObject(refKey(a.type));
  auto addInt = [&](const ir::Value &v, ir::Type t) {
    if (t.kind == ir::Type::Int)
      dom.ints.insert(v.i);
  };
  for (const auto &[e, v] : r.pre)
    addInt(v, r.typeOf(e));
  for (const auto &[e, v] : post)
    addInt(v, r.typeOf(e));
  for (size_t k = r.firstPoint; k < end; ++k)
    addInt(r.points[k].after, r.typeOf(r.points[k].entity));

  // Exposure: the first and last write of every entity in the region.
  std::map<Entity, std::pair<size_t, size_t>> span;
  for (size_t k = r.firstPoint; k < end; ++k) {
    auto [it, fresh] = span.try_emplace(r.points[k].entity, k, k);
    if (!fresh)
      it->second.second = k;
  }
  // Pr[ω(e) ≠ forward] for the backward marginal of e: a value (restored or the post-state's) or a split.
  auto pointMass = [](const ir::Value &b, const ir::Value &fwd) { return Fraction{b == fwd ? 0u : 1u, 1}; };
  auto split = [&](ir::Type t, const ir::Value &fwd) {
    uint64_t d = dom.size(t);
    return Fraction{d - (dom.holds(t, fwd) ? 1 : 0), d};
  };
  // Γ/2M exactly, as an integer count of 1/L (L: the lcm of every domain size), from the end backwards.
  std::vector<uint64_t> dens{2, std::max<uint64_t>(1, dom.ints.size())};
  for (const auto &[rec, n] : dom.refs)
    dens.push_back(n);
  uint64_t L = 1;
  for (uint64_t d : dens) {
    uint64_t m = L / std::gcd(L, d);
    L = m > UINT64_MAX / d ? L : m * d; // (never overflows for domains of realistic sizes)
  }
  auto scaled = [&](const Fraction &x) {
    return static_cast<__int128>(x.num) * static_cast<__int128>(L / x.den);
  };
  __int128 gamma = 0;
  for (const auto &[e, v] : post) {
    auto fw = fwdEnd.find(e);
    if (fw != fwdEnd.end() && !(fw->second == v))
      gamma += L;
  }
  auto asDouble = [&](__int128 x) { return static_cast<double>(x) / static_cast<double>(L); };
  g.stats["gamma_end"] = asDouble(gamma);
  std::vector<GradientPoint> points(end - r.firstPoint);
  for (size_t k = end; k-- > r.firstPoint;) {
    const Point &p = r.points[k];
    ir::Type t = r.typeOf(p.entity);
    auto [first, lastWrite] = span.at(p.entity);
    GradientPoint gp;
    gp.stmt = p.stmt;
    gp.entity = r.name(p.entity);
    gp.up = first == k;
    gp.down = lastWrite == k;
    gp.forward = p.after;
    Fraction after, before;
    if (gp.down) {
      const ir::Value &pv = post.count(p.entity) ? post.at(p.entity) : p.after;
      after = pointMass(pv, p.after);
      gp.backward = describe(pv);
      gp.contradicted = !(pv == p.after);
    } else {
      after = split(t, p.after);
      gp.backward = "any of " + std::to_string(dom.size(t)) + " values";
    }
    if (gp.up) {
      auto pre = r.pre.find(p.entity);
      before = pointMass(pre != r.pre.end() ? pre->second : p.before, p.before);
    } else {
      before = split(t, p.before);
    }
    gp.gammaAfter = asDouble(gamma);
    gamma = gamma - scaled(after) + scaled(before);
    gp.gammaBefore = asDouble(gamma);
    gp.gradient = !(after == before);
    {
      auto lhs = static_cast<unsigned __int128>(after.num) * before.den;
      auto rhs = static_cast<unsigned __int128>(before.num) * after.den;
      gp.direction = lhs > rhs ? 1 : lhs < rhs ? -1 : 0;
    }
    gp.suspicious = gp.gradient || (!gp.up && !gp.down);
    points[k - r.firstPoint] = gp;
  }
  g.stats["gamma_start"] = asDouble(gamma);
  size_t instances = 0;
  std::map<ir::StmtId, size_t> suspiciousInstances;
  // Why an instance is suspicious: its kind, the entity, the forward value, the backward states, Γ.
  auto why = [](const GradientPoint &gp) {
    std::string kind = gp.up && gp.down ? "upward and downward exposed"
                       : gp.up          ? "upward exposed"
                       : gp.down        ? "downward exposed"
                                        : "sandwiched";
    std::string out =
        kind + " write of " + gp.entity + " = " + describe(gp.forward) + " (backward: " + gp.backward + ")";
    if (gp.gradient) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "; gradient: Γ/2M %.4g → %.4g", gp.gammaBefore, gp.gammaAfter);
      out += buf;
    } else {
      out += "; no gradient, suspicious as sandwiched";
    }
    return out;
  };
  for (const GradientPoint &gp : points) {
    if (!blamable.count(gp.stmt))
      continue;
    ++instances;
    if (!gp.suspicious)
      continue;
    if (suspiciousInstances[gp.stmt]++ > 0)
      continue;
    g.suspicious.insert(gp.stmt);
  }
  // A run-time check that fails at a blamable statement (a null dereference, a division by zero): the
  // statement never wrote, so no write of it is in the region, but its own operands are the check.
  // (A bound failure's check is the loop's condition test: the statements computing the condition are blamed
  // by their writes, the While itself computes nothing.)
  if (!f.bound && r.check && blamable.count(r.check->id) && !g.suspicious.count(r.check->id)) {
    g.suspicious.insert(r.check->id);
    g.evidence[r.check->id] = "the failing statement: its own operands are the check that fails";
  }
  // Guards: a statement of the paper's IR is `(guard) : action`, and its backward rule ignores the guard,
  // so a wrong guard shows at the guarded statement — the same IR statement. Our lowering computes a
  // guard (an `if`'s, a loop's condition) in statements of its own: those that decide whether a suspicious
  // statement runs — the definitions of its guard variable, of an enclosing loop's condition variable, and
  // of the boolean temporaries these read — are suspicious with it.
  {
    std::map<ir::StmtId, std::vector<ir::VarRef>> controls; // statement → the condition variables deciding it
    std::map<std::pair<uint32_t, uint32_t>, std::vector<ir::StmtId>> defs; // (proc, bool local) → its defs
    for (uint32_t pi = 0; pi < prog.procs.size(); ++pi) {
      const ir::Procedure &proc = prog.procs[pi];
      std::function<void(const std::vector<ir::Stmt> &, std::vector<ir::VarRef>)> walk =
          [&](const std::vector<ir::Stmt> &stmts, std::vector<ir::VarRef> loops) {
            for (const ir::Stmt &st : stmts) {
              std::vector<ir::VarRef> c = loops;
              ir::varsRead(st.guard, c);
              controls[st.id] = c;
              if (st.kind == ir::Stmt::Assign && !st.lhs.global &&
                  proc.vars.at(st.lhs.index).type.kind == ir::Type::Bool)
                defs[{pi, st.lhs.index}].push_back(st.id);
              std::vector<ir::VarRef> inner = loops;
              if (st.kind == ir::Stmt::While)
                ir::varsRead(st.value, inner);
              walk(st.body, inner);
            }
          };
      walk(proc.body, {});
    }
    std::vector<ir::StmtId> work(g.suspicious.begin(), g.suspicious.end());
    std::set<ir::StmtId> visited(work.begin(), work.end());
    while (!work.empty()) {
      ir::StmtId s = work.back();
      work.pop_back();
      const ir::Stmt *st = index.find(s);
      uint32_t pi = index.procOf(s);
      if (!st || pi == ir::kNone)
        continue;
      std::vector<ir::VarRef> deciding = controls[s];
      if (st->kind == ir::Stmt::Assign && !st->lhs.global &&
          prog.procs[pi].vars.at(st->lhs.index).type.kind == ir::Type::Bool)
        ir::varsRead(st->value, deciding); // a condition built from other conditions
      for (const ir::VarRef &v : deciding) {
        if (v.global)
          continue;
        for (ir::StmtId d : defs[{pi, v.index}]) {
          if (!visited.insert(d).second)
            continue;
          work.push_back(d);
          if (blamable.count(d) && g.suspicious.insert(d).second)
            g.evidence[d] =
                "decides whether suspicious #" + std::to_string(s) + " runs (its guard or loop condition)";
        }
      }
    }
  }
  // Λ: a source line is what the paper reports and repair changes; the lowering splits one source
  // statement into several IR statements (the temporaries of `x.right := y.left`, a condition computed
  // before a loop and again at the end of its body). A line with a suspicious statement makes every
  // blamable statement on it suspicious.
  {
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::vector<ir::StmtId>> byLine;
    for (ir::StmtId s : blamable)
      if (const ir::Stmt *st = index.find(s); st && st->loc.valid())
        byLine[{index.procOf(s), st->loc.file, st->loc.line}].push_back(s);
    for (auto &[key, stmts] : byLine) {
      std::sort(stmts.begin(), stmts.end());
      auto first =
          std::find_if(stmts.begin(), stmts.end(), [&](ir::StmtId s) { return g.suspicious.count(s); });
      if (first == stmts.end())
        continue;
      for (ir::StmtId s : stmts)
        if (g.suspicious.insert(s).second)
          g.evidence[s] = "on the line of suspicious #" + std::to_string(*first) + " (one source statement)";
    }
  }
  // The dynamic slice of the post-state's corrections (docs/localize.md, "The order inside the set"): an
  // instance's direct sources are the writes that left what it read (its operands and guard, the node field
  // or array element it read, a call's argument, a callee's result; a scan's values are inputs), the last
  // evaluations of the conditions of the loops around it and around the calls it runs in (control
  // dependence), and the evaluations to false, since the write it read, of a condition that decides a
  // statement that may write what it read (potential dependence: had the condition held, that statement
  // would have written it). Each corrected entity is a target: its sources are its last write in the region
  // (the contradicted write) and the false evaluations after it that decide a statement that may write it;
  // they are at distance 0 from it, the sources of an instance at distance d at d + 1 unless nearer.
  std::map<ir::StmtId, size_t> reached; // statement → the corrected entities an instance of it reaches
  {
    const size_t n = points.size();
    const Decisions dec = decisionsOf(prog);
    auto keyOfEntity = [&](const Entity &e) -> std::optional<WriteKey> {
      switch (e.kind) {
      case Entity::Var:
        if (e.frame == Entity::kGlobal)
          return WriteKey{WriteKey::Global, e.index, 0, {}};
        return WriteKey{WriteKey::Local, r.frames.at(e.frame).proc, e.index, {}};
      case Entity::Field:
        if (auto it = r.nodeRecord.find(e.node); it != r.nodeRecord.end())
          return WriteKey{WriteKey::Field, it->second, e.index, {}};
        return std::nullopt;
      case Entity::Elem:
        if (auto it = r.arrays.find(e.node); it != r.arrays.end())
          return WriteKey{WriteKey::Elem, 0, 0, refKey(it->second.type)};
        return std::nullopt;
      }
      return std::nullopt;
    };
    // The false evaluations of deciding conditions, per what the statements they decide may write: (the
    // instance, its frame), in execution order.
    std::map<WriteKey, std::vector<std::pair<size_t, uint32_t>>> skipped;
    std::map<Entity, size_t> lastWriter;
    // The instances whose write made a statement skip e since its last write (the potential sources of a
    // read of e before `upto`).
    auto potential = [&](const Entity &e, size_t upto, std::vector<size_t> &out) {
      std::optional<WriteKey> key = keyOfEntity(e);
      if (!key)
        return;
      auto it = skipped.find(*key);
      if (it == skipped.end())
        return;
      auto lw = lastWriter.find(e);
      for (auto p = it->second.rbegin(); p != it->second.rend(); ++p) {
        if (p->first >= upto)
          continue;
        if (lw != lastWriter.end() && p->first < lw->second)
          break;
        if (e.kind != Entity::Var || e.frame == Entity::kGlobal || p->second == e.frame)
          out.push_back(p->first);
      }
    };
    std::vector<std::vector<size_t>> sources(n);
    // The last evaluations of the conditions of the loops around a statement that ran in `frame`.
    auto loopsOf = [&](uint32_t frame, ir::StmtId stmt, std::vector<size_t> &out) {
      if (auto it = dec.loops.find(stmt); it != dec.loops.end())
        for (const ir::VarRef &v : it->second)
          if (auto lw = lastWriter.find(Entity::var(frame, v)); lw != lastWriter.end())
            out.push_back(lw->second);
    };
    // A frame's control sources: its call's guard and loops, and its caller's (the caller's variables do not
    // change while the frame runs, so they are read at its first instance).
    std::map<uint32_t, std::vector<size_t>> callControl;
    std::function<const std::vector<size_t> &(uint32_t)> callControlOf =
        [&](uint32_t frame) -> const std::vector<size_t> & {
      if (auto it = callControl.find(frame); it != callControl.end())
        return it->second;
      std::vector<size_t> c;
      if (frame < r.frames.size() && r.frames[frame].call != 0) {
        const ReplayFrame &fr = r.frames[frame];
        if (const ir::Stmt *call = index.find(fr.call)) {
          std::vector<ir::VarRef> guard;
          ir::varsRead(call->guard, guard);
          for (const ir::VarRef &v : guard)
            if (auto lw = lastWriter.find(Entity::var(fr.parent, v)); lw != lastWriter.end())
              c.push_back(lw->second);
        }
        loopsOf(fr.parent, fr.call, c);
        const std::vector<size_t> &up = callControlOf(fr.parent);
        c.insert(c.end(), up.begin(), up.end());
      }
      return callControl[frame] = std::move(c);
    };
    for (size_t k = r.firstPoint; k < end; ++k) {
      const Point &p = r.points[k];
      const size_t i = k - r.firstPoint;
      auto read = [&](const Entity &e) {
        if (auto it = lastWriter.find(e); it != lastWriter.end())
          sources[i].push_back(it->second);
        potential(e, i, sources[i]);
      };
      const ir::Stmt *st = index.find(p.stmt);
      if (p.kind == Point::Result) {
        const ir::Procedure &callee = prog.procs.at(r.frames.at(p.callee).proc);
        if (callee.result != ir::kNone)
          read(Entity{Entity::Var, p.callee, callee.result, 0, 0});
      } else if (p.kind == Point::Bind) {
        std::vector<ir::VarRef> vs;
        if (st && p.arg < st->args.size())
          ir::varsRead(st->args[p.arg], vs);
        if (st)
          ir::varsRead(st->guard, vs);
        for (const ir::VarRef &v : vs)
          read(Entity::var(p.frame, v));
      } else if (st && st->kind != ir::Stmt::Scan) {
        for (const ir::VarRef &v : ir::varsRead(*st))
          read(Entity::var(p.frame, v));
        if (st->kind == ir::Stmt::GetField)
          read(Entity::field(p.readNode, st->field));
        else if (st->kind == ir::Stmt::GetElem)
          read(Entity::elem(p.readNode, p.readIndex));
      }
      loopsOf(p.frame, p.stmt, sources[i]);
      const std::vector<size_t> &c = callControlOf(p.frame);
      sources[i].insert(sources[i].end(), c.begin(), c.end());
      lastWriter[p.entity] = i;
      // A deciding condition evaluated to false: what the statements it decides may write keeps its value
      // because of this instance.
      if (p.kind == Point::Write && p.entity.kind == Entity::Var && p.entity.frame != Entity::kGlobal &&
          p.after.kind == ir::Type::Bool && p.after.i == 0)
        if (auto it = dec.decides.find({r.frames.at(p.entity.frame).proc, ir::VarRef{false, p.entity.index}});
            it != dec.decides.end())
          for (const WriteKey &wk : it->second)
            skipped[wk].emplace_back(i, p.entity.frame);
    }
    // One breadth-first search per corrected entity, from its contradicted write and the false evaluations
    // after it.
    std::map<ir::StmtId, std::set<size_t>> targetsOf; // statement → the targets an instance of it reaches
    size_t target = 0;
    for (const auto &[e, v] : ps.changed) {
      std::vector<size_t> seeds;
      if (auto lw = lastWriter.find(e); lw != lastWriter.end())
        seeds.push_back(lw->second);
      potential(e, n, seeds);
      if (seeds.empty())
        continue;
      std::vector<size_t> dist(n, GradientPoint::kFar), queue;
      for (size_t s0 : seeds)
        if (dist[s0] == GradientPoint::kFar) {
          dist[s0] = 0;
          queue.push_back(s0);
        }
      for (size_t q = 0; q < queue.size(); ++q)
        for (size_t src : sources[queue[q]])
          if (dist[src] == GradientPoint::kFar) {
            dist[src] = dist[queue[q]] + 1;
            queue.push_back(src);
          }
      for (size_t i = 0; i < n; ++i) {
        if (dist[i] == GradientPoint::kFar)
          continue;
        points[i].distance = std::min(points[i].distance, dist[i]);
        targetsOf[points[i].stmt].insert(target);
      }
      ++target;
    }
    for (const auto &[stmt, targets] : targetsOf)
      reached[stmt] = targets.size();
  }
  // The order inside the set (docs/localize.md): a statement ranks by the best key of its instances
  // (GradientRank: suspicious before rule-only, the distance from the corrections, the corrected entities
  // the statement reaches, the tier, the earliest: a wrong value spreads forward, to the statements that
  // read it); its evidence describes that
  // instance. A statement suspicious only by a rule (a deciding condition, a line shared with a suspicious
  // statement, a failing run-time check) ranks last, by its first run in the region.
  for (size_t k = 0; k < points.size(); ++k) {
    const GradientPoint &gp = points[k];
    if (!g.suspicious.count(gp.stmt))
      continue;
    GradientRank key;
    key.point = k;
    key.distance = gp.distance;
    if (gp.distance != GradientPoint::kFar)
      key.reached = reached.at(gp.stmt);
    if (!gp.suspicious)
      key.tier = Suspicion::ByRule;
    else if (gp.contradicted)
      key.tier = Suspicion::Contradicted;
    else if (gp.direction > 0)
      key.tier = Suspicion::Diverging;
    else if (gp.direction < 0)
      key.tier = Suspicion::Converging;
    else
      key.tier = Suspicion::Sandwiched;
    auto [it, fresh] = g.rank.try_emplace(gp.stmt, key);
    if (!fresh && key < it->second)
      it->second = key;
  }
  for (ir::StmtId s : g.suspicious)
    g.rank.try_emplace(s, GradientRank{});
  for (const auto &[stmt, key] : g.rank)
    if (key.tier != Suspicion::ByRule) {
      std::string &text = g.evidence[stmt];
      text = why(points[key.point]);
      if (size_t n = suspiciousInstances[stmt]; n > 1)
        text += " (and " + std::to_string(n - 1) + " more suspicious instances)";
    }
  for (ir::StmtId s : blamable)
    if (!g.suspicious.count(s))
      g.lockable.insert(s);
  std::set<std::pair<uint32_t, uint32_t>> lines;
  for (ir::StmtId s : g.suspicious)
    if (const ir::Stmt *st = index.find(s); st && st->loc.valid())
      lines.insert({st->loc.file, st->loc.line});
  g.suspiciousLines = lines.size();
  g.points = std::move(points);
  g.stats["points"] = static_cast<double>(g.points.size());
  g.stats["blamable_instances"] = static_cast<double>(instances);
  g.stats["entities"] = static_cast<double>(r.pre.size());
  g.stats["post_entities"] = static_cast<double>(ps.entities);
  g.stats["corrected"] = static_cast<double>(g.corrections.size());
  g.stats["suspicious"] = static_cast<double>(g.suspicious.size());
  g.stats["blamable"] = static_cast<double>(g.blamable);
  g.stats["suspicious_fraction"] = g.fraction();
  g.stats["suspicious_lines"] = static_cast<double>(g.suspiciousLines);
  g.stats["lines"] = static_cast<double>(g.lines);
  return g;
}

const char *suspicionName(Suspicion s) {
  switch (s) {
  case Suspicion::Contradicted: return "the post-state contradicts the value it leaves";
  case Suspicion::Diverging: return "the states move apart at it";
  case Suspicion::Sandwiched: return "sandwiched";
  case Suspicion::Converging: return "the states move together at it";
  case Suspicion::ByRule: return "suspicious by rule";
  }
  return "?";
}

std::vector<Suspect> rankSuspicious(const ir::Program &prog, const GradientResult &g) {
  ir::StmtIndex index(prog);
  struct Line {
    Suspect sus;
    GradientRank key;
    ir::StmtId best = 0;
  };
  std::map<std::pair<uint32_t, uint32_t>, Line> byLine; // in source order
  for (ir::StmtId id : g.suspicious) {
    SourceLoc at = ir::stmtLoc(prog, index, id);
    if (!at.valid())
      continue;
    GradientRank key = g.rank.count(id) ? g.rank.at(id) : GradientRank{};
    auto [it, fresh] = byLine.try_emplace({at.file, at.line});
    Line &l = it->second;
    if (fresh || key < l.key) {
      l.key = key;
      l.best = id;
    }
    if (fresh)
      l.sus.loc = at;
    l.sus.loc.col = std::min(l.sus.loc.col, at.col);
    l.sus.statements.push_back(id);
  }
  std::vector<Line> lines;
  for (auto &[where, l] : byLine)
    lines.push_back(std::move(l));
  std::stable_sort(lines.begin(), lines.end(), [](const Line &a, const Line &b) { return a.key < b.key; });
  std::vector<Suspect> out;
  for (size_t k = 0; k < lines.size(); ++k) {
    Line &l = lines[k];
    Suspect &s = l.sus;
    s.rank = k > 0 && lines[k - 1].key == l.key ? out.back().rank : static_cast<uint32_t>(k + 1);
    // 1 / (1 + the key's group): the distance in the slice (below the number of writes), then outside it,
    // then the rule-only lines, so that the score never grows down the ranking
    size_t group = l.key.tier == Suspicion::ByRule         ? g.points.size() + 1
                   : l.key.distance == GradientPoint::kFar ? g.points.size()
                                                           : l.key.distance;
    s.score = 1.0 / (1.0 + static_cast<double>(group));
    if (auto it = g.evidence.find(l.best); it != g.evidence.end())
      s.evidence = it->second;
    s.evidence += std::string("; order: ") + suspicionName(l.key.tier);
    if (l.key.point != GradientRank::kNoPoint)
      s.evidence += ", write " + std::to_string(l.key.point + 1) + " of " + std::to_string(g.points.size()) +
                    (l.key.distance == GradientPoint::kFar ? ", its value reaches no corrected entity" : "");
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

class Gradient final : public Method {
public:
  const char *name() const override { return "gradient"; }
  const char *summary() const override {
    return "Wolverine2: statements where the forward and backward executions' state difference changes "
           "(a sound suspicious set; the rest may be locked for repair)";
  }
  Claim claim() const override { return Claim::Sound; }
  bool takesExpectedState() const override { return true; }
  Result run(const Problem &p) const override {
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    GradientResult g = gradientLocalize(p.prog, p.failure, p.opts, p.expected);
    r.stats = g.stats;
    if (!g.error.empty()) {
      r.status = g.unknown ? Status::Unknown : Status::Error;
      r.message = prefixed("gradient", g.error);
      return r;
    }
    r.complete = true;
    r.ranking = rankSuspicious(p.prog, g);
    r.locked.assign(g.lockable.begin(), g.lockable.end());
    r.corrections = g.corrections;
    char buf[160];
    std::snprintf(
        buf, sizeof buf, "suspicious: %zu of %zu statements (%.1f %%), %zu of %zu lines; %zu lockable",
        g.suspicious.size(), g.blamable, 100 * g.fraction(), g.suspiciousLines, g.lines, g.lockable.size());
    r.message = buf;
    if (!g.corrections.empty()) {
      r.message += "; post-state:";
      for (const Correction &c : g.corrections)
        r.message += " " + c.entity + " " + ir::toString(c.forward) + " -> " + ir::toString(c.post) + ";";
      r.message.pop_back();
    }
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makeGradient() {
  return std::make_unique<Gradient>();
}

} // namespace locus::localize
