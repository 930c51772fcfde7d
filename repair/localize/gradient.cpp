// Wolverine2's forward/backward gradient localization (Verma & Roy, "Debug-Localize-Repair", Section 5 and
// Algorithm 2), on the region of the failing run (replay.h).
//
// Forward execution: the interpreter's states ω_i, one per write. Backward execution: from the post-state
// (the state at the failing check with the fewest entity changes that make the check pass) towards the
// start of the region; a write whose left side is upward exposed restores it from the pre-state (asgn1,
// getfld1, …), any other write splits the set of states over every value of the left side's domain
// (asgn2). Splits are uniform and independent, so the multiset Ω_i is a product of one distribution per
// entity (a value, or uniform over a domain) and
//   Γ_i = M / |Ω_i| · Σ_{ω ∈ Ω_i} dist(ω, ω_i) = 2M · Σ_e Pr_{ω ∈ Ω_i}[ω(e) ≠ ω_i(e)]
// (dist counts the points-to pairs in one state and not the other: 2 per differing entity). Between two
// consecutive points only the written entity changes on either side, so Γ_{i-1} ≠ Γ_i exactly when that
// entity's term changes; we compare those terms as exact fractions.
#include "repair/localize/gradient.h"

#include "backends/encoder/exprs.h"
#include "backends/maxsat.h"
#include "backends/solver.h"
#include "ir/analysis.h"
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
  std::map<Entity, Term> start;   // the entities at the tail's start: the MaxSAT's variables
  std::map<Entity, Term> current; // their terms as the tail goes on
  std::vector<backends::SoftFormula> softs;
  std::vector<Entity> softEntity;
  std::vector<Term> hard;
  // the nodes of a record that exist at the check
  auto nodesOf = [&](uint32_t record) { return objectsOf(r, ir::Type::refType(record)); };
  // The elements an access here may reach: those the run touched, and every element of a small array (the
  // first kSmall of a larger one). An element the run never touched keeps its initial value to the end.
  constexpr int64_t kSmall = 64;
  std::map<uint32_t, std::set<int64_t>> touched;
  for (const auto *m : {&r.pre, &r.post})
    for (const auto &[e, v] : *m)
      if (e.kind == Entity::Elem)
        touched[e.node].insert(e.at);
  for (const auto &[node, a] : r.arrays)
    for (int64_t k = 0; k < std::min(a.length, kSmall); ++k)
      if (touched[node].insert(k).second)
        ps.forward.emplace(Entity::elem(node, k), r.initialElement(node, k));
  auto entityTerm = [&](const Entity &e) -> Term {
    if (auto it = current.find(e); it != current.end())
      return it->second;
    ir::Type t = r.typeOf(e);
    Term x = tm.mkFreshVar("e", ex.sortOf(t));
    start.emplace(e, x);
    current.emplace(e, x);
    if (t.isHeapRef()) {
      std::vector<Term> dom{tm.mkEq(x, tm.mkInt(0))};
      for (uint32_t n : objectsOf(r, t))
        dom.push_back(tm.mkEq(x, tm.mkInt(n)));
      hard.push_back(tm.mkOr(dom));
    } else if (Term d = ex.inputDomain(x, t).always; !d.isNull()) {
      hard.push_back(d);
    }
    auto v = ps.forward.find(e);
    if (v != ps.forward.end()) {
      Term same = tm.mkEq(x, ex.valueTerm(v->second, t));
      if (fixUnwritten && fixedEntity(e)) {
        hard.push_back(same);
      } else {
        softs.push_back({same, 1});
        softEntity.push_back(e);
      }
    }
    return x;
  };
  std::vector<Term> dz;
  auto frameVar = [&](uint32_t frame) {
    return [&, frame](ir::VarRef v) -> Term { return entityTerm(Entity::var(frame, v)); };
  };
  auto typeOfVar = [&](uint32_t frame, ir::VarRef v) { return r.typeOf(Entity::var(frame, v)); };
  // base.field where base is the term b (of record `record`): the field of whichever node b is
  auto fieldOf = [&](Term b, uint32_t record, uint32_t field) {
    const ir::Type ft = prog.records.at(record).fields.at(field).type;
    Term val = ex.defaultTerm(ft);
    for (uint32_t n : nodesOf(record))
      val = tm.mkIte(tm.mkEq(b, tm.mkInt(n)), entityTerm(Entity::field(n, field)), val);
    return val;
  };

  // Array accesses: the array b (a term over the arrays of type `at`) at index i (a term of type `it`). An
  // access must reach one of the elements above (so it is within bounds).
  auto elementCases = [&](Term b, ir::Type at, Term i, ir::Type it) {
    std::vector<std::pair<Term, Entity>> cases;
    for (uint32_t n : objectsOf(r, at))
      for (int64_t k : touched[n])
        if (ir::fitsIn(ir::BigInt(k), it))
          cases.push_back(
              {tm.mkAnd(tm.mkEq(b, tm.mkInt(n)), tm.mkEq(i, ex.valueTerm(ir::Value::ofInt(k), it))),
               Entity::elem(n, k)});
    std::vector<Term> any;
    for (const auto &[c, e] : cases)
      any.push_back(c);
    hard.push_back(any.empty() ? tm.mkFalse() : tm.mkOr(any));
    return cases;
  };
  auto elementRead = [&](Term b, ir::Type at, Term i, ir::Type it) {
    Term val = ex.defaultTerm(at.elemType());
    for (const auto &[c, e] : elementCases(b, at, i, it))
      val = tm.mkIte(c, entityTerm(e), val);
    return val;
  };
  auto lengthRead = [&](Term b, ir::Type at, ir::Type lt) {
    Term len = ex.defaultTerm(lt);
    for (uint32_t n : objectsOf(r, at))
      len = tm.mkIte(tm.mkEq(b, tm.mkInt(n)), ex.valueTerm(ir::Value::ofInt(r.arrays.at(n).length), lt), len);
    return len;
  };

  // The tail, symbolically along the run's path.
  for (size_t k = ps.tail; k < r.endPoint; ++k) {
    const Point &pt = r.points[k];
    const ir::Stmt *s = index.find(pt.stmt);
    Term v;
    switch (pt.kind) {
    case Point::Bind: v = ex.expr(s->args.at(pt.arg), frameVar(pt.frame), tm.mkTrue(), dz); break;
    case Point::Result: v = entityTerm(Entity{Entity::Var, pt.callee, r.procOf(pt.callee).result, 0}); break;
    case Point::Write:
      switch (s->kind) {
      case ir::Stmt::Assign: v = ex.expr(s->value, frameVar(pt.frame), tm.mkTrue(), dz); break;
      case ir::Stmt::GetField: {
        Term b = entityTerm(Entity::var(pt.frame, s->base));
        hard.push_back(tm.mkNot(tm.mkEq(b, tm.mkInt(0))));
        v = fieldOf(b, typeOfVar(pt.frame, s->base).record, s->field);
        break;
      }
      case ir::Stmt::PutField: {
        Term b = entityTerm(Entity::var(pt.frame, s->base));
        hard.push_back(tm.mkNot(tm.mkEq(b, tm.mkInt(0))));
        Term val = ex.expr(s->value, frameVar(pt.frame), tm.mkTrue(), dz);
        uint32_t record = typeOfVar(pt.frame, s->base).record;
        for (uint32_t n : nodesOf(record)) {
          Entity fe = Entity::field(n, s->field);
          Term old = entityTerm(fe);
          current[fe] = tm.mkIte(tm.mkEq(b, tm.mkInt(n)), val, old);
        }
        continue;
      }
      case ir::Stmt::GetElem: {
        Term b = entityTerm(Entity::var(pt.frame, s->base));
        hard.push_back(tm.mkNot(tm.mkEq(b, tm.mkInt(0))));
        Term i = ex.expr(s->args.at(0), frameVar(pt.frame), tm.mkTrue(), dz);
        v = elementRead(b, typeOfVar(pt.frame, s->base), i, s->args[0].type);
        break;
      }
      case ir::Stmt::PutElem: {
        Term b = entityTerm(Entity::var(pt.frame, s->base));
        hard.push_back(tm.mkNot(tm.mkEq(b, tm.mkInt(0))));
        Term i = ex.expr(s->args.at(0), frameVar(pt.frame), tm.mkTrue(), dz);
        Term val = ex.expr(s->value, frameVar(pt.frame), tm.mkTrue(), dz);
        for (const auto &[c, e] : elementCases(b, typeOfVar(pt.frame, s->base), i, s->args[0].type)) {
          Term old = entityTerm(e);
          current[e] = tm.mkIte(c, val, old);
        }
        continue;
      }
      case ir::Stmt::Length: {
        Term b = entityTerm(Entity::var(pt.frame, s->base));
        hard.push_back(tm.mkNot(tm.mkEq(b, tm.mkInt(0))));
        v = lengthRead(b, typeOfVar(pt.frame, s->base), r.typeOf(pt.entity));
        break;
      }
      default: v = ex.valueTerm(pt.after, r.typeOf(pt.entity)); break; // new, nondet: as they ran
      }
      break;
    }
    current[pt.entity] = v;
  }

  // The check and the statements computing its condition.
  const ir::Procedure &cp = r.procOf(r.checkFrame);
  std::set<uint32_t> chainTemps;
  for (const ir::Stmt *st : r.chain)
    if (st->kind == ir::Stmt::Assign || st->kind == ir::Stmt::GetField || st->kind == ir::Stmt::GetElem ||
        st->kind == ir::Stmt::Length)
      chainTemps.insert(st->lhs.index);
  std::map<uint32_t, Term> temps;
  auto var = [&](ir::VarRef v) -> Term {
    if (!v.global && chainTemps.count(v.index)) {
      auto it = temps.find(v.index);
      if (it != temps.end())
        return it->second;
      Entity e = Entity::var(r.checkFrame, v);
      auto pv = r.post.find(e);
      return ex.valueTerm(pv != r.post.end() ? pv->second : zeroOf(r.typeOf(e)), r.typeOf(e));
    }
    return entityTerm(Entity::var(r.checkFrame, v));
  };
  // A guard of the check's statements that the check does not compute itself (an enclosing `if`) says
  // whether the check runs, not whether it passes: it keeps its forward value.
  auto guardOf = [&](const ir::Stmt &st) {
    auto fixedVar = [&](ir::VarRef v) -> Term {
      if (!v.global && chainTemps.count(v.index))
        return var(v);
      Entity e = Entity::var(r.checkFrame, v);
      auto pv = r.post.find(e);
      return ex.valueTerm(pv != r.post.end() ? pv->second : zeroOf(r.typeOf(e)), r.typeOf(e));
    };
    return ex.expr(st.guard, fixedVar, tm.mkTrue(), dz);
  };
  auto baseType = [&](const ir::Stmt &st) {
    return st.base.global ? prog.globals.at(st.base.index).type : cp.vars.at(st.base.index).type;
  };
  auto fieldRead = [&](const ir::Stmt &st, Term g) {
    Term base = var(st.base);
    hard.push_back(tm.mkImplies(g, tm.mkNot(tm.mkEq(base, tm.mkInt(0)))));
    return fieldOf(base, baseType(st).record, st.field);
  };
  // An element access of the check: not null, and reaching one of the elements above (so within bounds).
  auto elemAccess = [&](const ir::Stmt &st, Term g) {
    Term base = var(st.base);
    ir::Type at = baseType(st), it = st.args.at(0).type;
    hard.push_back(tm.mkImplies(g, tm.mkNot(tm.mkEq(base, tm.mkInt(0)))));
    Term i = ex.expr(st.args[0], var, g, dz);
    Term val = ex.defaultTerm(at.elemType());
    std::vector<Term> any;
    for (uint32_t n : objectsOf(r, at))
      for (int64_t k : touched[n])
        if (ir::fitsIn(ir::BigInt(k), it)) {
          Term c = tm.mkAnd(tm.mkEq(base, tm.mkInt(n)), tm.mkEq(i, ex.valueTerm(ir::Value::ofInt(k), it)));
          val = tm.mkIte(c, entityTerm(Entity::elem(n, k)), val);
          any.push_back(c);
        }
    hard.push_back(tm.mkImplies(g, any.empty() ? tm.mkFalse() : tm.mkOr(any)));
    return val;
  };
  for (const ir::Stmt *st : r.chain) {
    Term g = guardOf(*st);
    if (st->kind == ir::Stmt::Assert || st->kind == ir::Stmt::Assume) {
      hard.push_back(tm.mkImplies(g, ex.expr(st->value, var, g, dz))); // the check's own checks pass too
      continue;
    }
    Term old = var(st->lhs);
    Term val;
    switch (st->kind) {
    case ir::Stmt::GetField: val = fieldRead(*st, g); break;
    case ir::Stmt::GetElem: val = elemAccess(*st, g); break;
    case ir::Stmt::Length: {
      Term base = var(st->base);
      hard.push_back(tm.mkImplies(g, tm.mkNot(tm.mkEq(base, tm.mkInt(0)))));
      val = lengthRead(base, baseType(*st), cp.vars.at(st->lhs.index).type);
      break;
    }
    default: val = ex.expr(st->value, var, g, dz); break;
    }
    temps[st->lhs.index] = tm.mkIte(g, val, old);
  }
  const ir::Stmt &c = *r.check;
  Term g = guardOf(c);
  switch (c.kind) {
  case ir::Stmt::Assert: hard.push_back(tm.mkImplies(g, ex.expr(c.value, var, g, dz))); break;
  case ir::Stmt::GetField: fieldRead(c, g); break;
  case ir::Stmt::PutField:
    fieldRead(c, g);
    ex.expr(c.value, var, g, dz);
    break;
  case ir::Stmt::GetElem:
  case ir::Stmt::PutElem: {
    // the failing access itself: not null and within bounds, whichever element that is
    Term base = var(c.base);
    hard.push_back(tm.mkImplies(g, tm.mkNot(tm.mkEq(base, tm.mkInt(0)))));
    ir::Type it = c.args.at(0).type;
    for (uint32_t n : objectsOf(r, baseType(c))) {
      ir::Expr ok = ir::Expr::binary(ir::Op::Ge, c.args[0], ir::Expr::intLit(ir::BigInt(0), it));
      ir::BigInt len(r.arrays.at(n).length);
      if (ir::fitsIn(len, it))
        ok = ir::Expr::binary(ir::Op::And, std::move(ok),
                              ir::Expr::binary(ir::Op::Lt, c.args[0], ir::Expr::intLit(len, it)));
      hard.push_back(tm.mkImplies(tm.mkAnd(g, tm.mkEq(base, tm.mkInt(n))), ex.expr(ok, var, g, dz)));
    }
    if (c.kind == ir::Stmt::PutElem)
      ex.expr(c.value, var, g, dz);
    break;
  }
  case ir::Stmt::Length: hard.push_back(tm.mkImplies(g, tm.mkNot(tm.mkEq(var(c.base), tm.mkInt(0))))); break;
  case ir::Stmt::NewArray: { // a length within 0 … kMaxArrayLength
    ir::Type nt = c.value.type;
    ir::Expr ok = ir::Expr::binary(ir::Op::Ge, c.value, ir::Expr::intLit(ir::BigInt(0), nt));
    if (ir::fitsIn(ir::BigInt(ir::kMaxArrayLength), nt))
      ok = ir::Expr::binary(
          ir::Op::And, std::move(ok),
          ir::Expr::binary(ir::Op::Le, c.value, ir::Expr::intLit(ir::BigInt(ir::kMaxArrayLength), nt)));
    hard.push_back(tm.mkImplies(g, ex.expr(ok, var, g, dz)));
    break;
  }
  case ir::Stmt::Assign: ex.expr(c.value, var, g, dz); break;
  case ir::Stmt::Call:
    for (const ir::Expr &a : c.args)
      ex.expr(a, var, g, dz);
    break;
  default: ps.error = std::string("a failure at a ") + ir::stmtKindName(c.kind) + " statement"; return ps;
  }
  for (Term d : dz)
    hard.push_back(tm.mkNot(d));
  for (Term d : ex.takeDefinitions())
    hard.push_back(d);
  for (Term h : hard)
    solver.assertFormula(h);
  ps.entities = start.size();
  auto t0 = std::chrono::steady_clock::now();
  backends::MaxSatResult m = backends::solveMaxSat(solver, softs);
  if (m.result.isUnknown()) {
    ps.unknown = true;
    ps.error = std::string("the solver gave no answer: ") + backends::reasonName(m.result.reason);
    return ps;
  }
  if (m.result.isUnsat()) {
    ps.error = "no state makes the failing check pass (along the run's path after the last blamable "
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
    std::optional<ir::Value> v = encoder::modelValue(solver.value(start.at(e)), r.typeOf(e));
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
    gp.suspicious = gp.gradient || (!gp.up && !gp.down);
    points[k - r.firstPoint] = gp;
  }
  g.stats["gamma_start"] = asDouble(gamma);
  size_t instances = 0;
  std::map<ir::StmtId, size_t> suspiciousInstances;
  for (const GradientPoint &gp : points) {
    if (!blamable.count(gp.stmt))
      continue;
    ++instances;
    if (!gp.suspicious)
      continue;
    if (suspiciousInstances[gp.stmt]++ > 0)
      continue;
    g.suspicious.insert(gp.stmt);
    std::string kind = gp.up && gp.down ? "upward and downward exposed"
                       : gp.up          ? "upward exposed"
                       : gp.down        ? "downward exposed"
                                        : "sandwiched";
    std::string why =
        kind + " write of " + gp.entity + " = " + describe(gp.forward) + " (backward: " + gp.backward + ")";
    if (gp.gradient) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "; gradient: Γ/2M %.4g → %.4g", gp.gammaBefore, gp.gammaAfter);
      why += buf;
    } else {
      why += "; no gradient, suspicious as sandwiched";
    }
    g.evidence[gp.stmt] = why;
  }
  // A run-time check that fails at a blamable statement (a null dereference, a division by zero): the
  // statement never wrote, so no write of it is in the region, but its own operands are the check.
  if (r.check && blamable.count(r.check->id) && !g.suspicious.count(r.check->id)) {
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
  for (auto &[stmt, why] : g.evidence) {
    size_t n = suspiciousInstances[stmt];
    if (n > 1)
      why += " (and " + std::to_string(n - 1) + " more suspicious instances)";
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

namespace {

class Gradient final : public Method {
public:
  const char *name() const override { return "gradient"; }
  const char *summary() const override {
    return "Wolverine2: statements where the forward and backward executions' state difference changes "
           "(a sound suspicious set; the rest may be locked for repair)";
  }
  Result run(const Problem &p) const override {
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    GradientResult g = gradientLocalize(p.prog, p.failure, p.opts);
    r.stats = g.stats;
    if (!g.error.empty()) {
      r.status = g.unknown ? Status::Unknown : Status::Error;
      r.message = prefixed("gradient", g.error);
      return r;
    }
    r.complete = true;
    std::vector<Blame> all;
    for (ir::StmtId s : g.suspicious)
      all.push_back(Blame{s, encoder::Part::Value});
    if (!all.empty())
      r.ranking = rankBySets(p.prog, {all});
    for (Suspect &s : r.ranking) {
      s.sets.clear();
      for (ir::StmtId id : s.statements)
        if (auto it = g.evidence.find(id); it != g.evidence.end()) {
          s.evidence = it->second;
          break;
        }
    }
    r.locked.assign(g.lockable.begin(), g.lockable.end());
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
