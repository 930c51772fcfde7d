// FOSFL (Rothenberg & Grumberg, "Must Fault Localization for Program Repair"): the important variables of
// the failing run's demands, their backward slice over the step equation along the branches the model
// takes, and the statements that define the sliced values. `--method must`.
#include "repair/localize/must.h"

#include "repair/localize/encoding.h"
#include "repair/localize/methods.h"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace locus::localize {

using backends::Op;
using backends::Term;

namespace {

/// μ on boolean terms, cached; constants without asking.
class Truth {
public:
  Truth(const backends::TermManager &tm, const ModelEval &model) : tm_(tm), model_(model) {}
  /// Whether two scalar terms (array indexes: node ids, element indexes) have the same value in μ.
  bool same(Term a, Term b) const {
    if (a == b)
      return true;
    backends::Value x = model_(a), y = model_(b);
    if (x.kind != y.kind)
      return false;
    switch (x.kind) {
    case backends::Value::Kind::Bool: return x.boolean == y.boolean;
    case backends::Value::Kind::Int: return x.integer == y.integer;
    case backends::Value::Kind::BitVec:
    case backends::Value::Kind::Float: return x.bits == y.bits;
    case backends::Value::Kind::Other: break;
    }
    return x.text == y.text;
  }
  bool operator()(Term t) {
    if (tm_.isTrue(t))
      return true;
    if (tm_.isFalse(t))
      return false;
    auto it = cache_.find(t.id);
    if (it != cache_.end())
      return it->second;
    backends::Value v = model_(t);
    bool b = v.kind == backends::Value::Kind::Bool && v.boolean;
    cache_.emplace(t.id, b);
    return b;
  }

private:
  const backends::TermManager &tm_;
  const ModelEval &model_;
  std::unordered_map<uint32_t, bool> cache_;
};

class Slicer {
public:
  Slicer(const encoder::Encoding &enc, const backends::TermManager &tm, const ModelEval &model)
      : enc_(enc), tm_(tm), mu_(tm, model), seen_(tm.numTerms(), false), ivSeen_(tm.numTerms(), false) {
    for (size_t i = 0; i < enc.steps.size(); ++i) {
      const encoder::Step &s = enc.steps[i];
      if (!s.lhs.isNull())
        definedBy_.emplace(s.lhs.id, i);
      if (!s.selector.isNull())
        selectorOf_.emplace(s.selector.id, Blame{s.stmt, s.part});
    }
  }

  MustSet run() {
    MustSet out;
    for (size_t i = 0; i < enc_.checks.size() && out.check < 0; ++i)
      if (mu_(enc_.checks[i].failed))
        out.check = static_cast<int>(i);
    if (out.check < 0) {
      out.error = "no check fails in the model";
      return out;
    }
    // 1. The demands: the failing check, the assumptions and the input conditions hold in μ; their partial
    // model's variables.
    importantVars(enc_.checks[static_cast<size_t>(out.check)].failed);
    for (const encoder::Step &s : enc_.steps)
      if (s.lhs.isNull() && (s.part == encoder::Part::Assume || s.part == encoder::Part::Input))
        importantVars(s.rhs);
    out.importantVars = queue_.size();
    walked_.clear(); // the slice follows what an element read depends on by its own rules
    // 2. The backward slice, breadth first.
    for (size_t k = 0; k < queue_.size(); ++k) {
      Term v = queue_[k];
      if (auto sel = selectorOf_.find(v.id); sel != selectorOf_.end()) {
        // A check that belongs to a statement's value (its division by zero, its get-field's null base)
        // reads the statement's selector: changing the statement's expression removes the check.
        add(out, sel->second);
        continue;
      }
      auto it = definedBy_.find(v.id);
      if (it == definedBy_.end())
        continue; // an input: an argument, a nondet value, an input node's field
      const encoder::Step &s = enc_.steps[it->second];
      if (s.part == encoder::Part::Check && !mu_(v))
        continue; // a check that holds: a patch that makes it fail leaves a failure
      if (encoder::isRelaxable(s.part))
        add(out, Blame{s.stmt, s.part});
      slice(s.rhs);
    }
    out.sliceVars = queue_.size();
    out.terms = visited_;
    return out;
  }

private:
  static void add(MustSet &out, const Blame &b) {
    if (std::find(out.blames.begin(), out.blames.end(), b) == out.blames.end())
      out.blames.push_back(b);
  }
  void enqueue(Term v) {
    if (queued_.insert(v.id).second)
      queue_.push_back(v);
  }

  /// ImportantVars: the variables of a partial model of `root` (true in μ) that μ extends.
  void importantVars(Term root) {
    std::vector<Term> stack{root};
    while (!stack.empty()) {
      Term t = stack.back();
      stack.pop_back();
      if (ivSeen_[t.id])
        continue;
      ivSeen_[t.id] = true;
      ++visited_;
      const std::vector<Term> &kids = tm_.kids(t);
      switch (tm_.op(t)) {
      case Op::Var: enqueue(t); break;
      case Op::BoolConst:
      case Op::IntConst:
      case Op::BvConst: break;
      case Op::And:
      case Op::Or: {
        // a false `and` (a true `or`) holds by one child: follow one, preferably one already followed
        bool conj = tm_.op(t) == Op::And;
        if (mu_(t) != conj) {
          Term pick = Term{};
          for (Term k : kids)
            if (mu_(k) != conj && (pick.isNull() || ivSeen_[k.id])) {
              pick = k;
              if (ivSeen_[k.id])
                break;
            }
          if (!pick.isNull()) {
            stack.push_back(pick);
            break;
          }
        }
        stack.insert(stack.end(), kids.begin(), kids.end());
        break;
      }
      case Op::Implies:
        if (!mu_(kids[0]))
          stack.push_back(kids[0]); // holds because its premise is false
        else if (mu_(kids[1]))
          stack.push_back(kids[1]);
        else
          stack.insert(stack.end(), kids.begin(), kids.end());
        break;
      case Op::Ite:
        stack.push_back(kids[0]);
        stack.push_back(mu_(kids[0]) ? kids[1] : kids[2]);
        break;
      case Op::Select: element(t, stack); break;
      default: stack.insert(stack.end(), kids.begin(), kids.end()); break;
      }
    }
  }

  /// An array read `select(A, j)` (array elements, record fields, nested: the element k of the element j of
  /// the contents) depends in μ on its indexes and, along A's chain of stores, ites and control definitions,
  /// on the index of every store it passes, the condition of every ite and the value of the store that μ says
  /// it reads (`select(store(A, i, v), j)` is `i = j ? v : select(A, j)`, as for an ite). What it depends on
  /// goes onto `out`; an array it cannot see through (an input array, a constant's default) too.
  void element(Term read, std::vector<Term> &out) {
    std::vector<Term> idx; // the indexes still to apply, the innermost (first applied) last
    Term a = read;
    while (tm_.op(a) == Op::Select) {
      idx.push_back(tm_.kids(a)[1]);
      a = tm_.kids(a)[0];
    }
    out.insert(out.end(), idx.begin(), idx.end());
    while (true) {
      std::pair<uint32_t, std::vector<uint32_t>> key{a.id, {}};
      for (Term i : idx)
        key.second.push_back(i.id);
      if (!walked_.insert(key).second)
        return; // followed from here before, for these indexes
      const std::vector<Term> &kids = tm_.kids(a);
      switch (tm_.op(a)) {
      case Op::Store:
        out.push_back(kids[1]);
        if (mu_.same(kids[1], idx.back())) {
          idx.pop_back();
          if (idx.empty()) {
            out.push_back(kids[2]);
            return;
          }
          a = kids[2];
        } else {
          a = kids[0];
        }
        continue;
      case Op::Ite:
        out.push_back(kids[0]);
        a = mu_(kids[0]) ? kids[1] : kids[2];
        continue;
      case Op::Select: // an array element that is an array: look it up first
        idx.push_back(kids[1]);
        out.push_back(kids[1]);
        a = kids[0];
        continue;
      case Op::ConstArray:
        idx.pop_back();
        if (idx.empty()) {
          out.push_back(kids[0]);
          return;
        }
        a = kids[0];
        continue;
      case Op::Var: {
        auto it = definedBy_.find(a.id);
        if (it != definedBy_.end()) {
          const encoder::Step &s = enc_.steps[it->second];
          if (s.part == encoder::Part::Control) { // an array version: see through its definition
            a = s.rhs;
            continue;
          }
        }
        out.push_back(a);
        return;
      }
      default: out.push_back(a); return;
      }
    }
  }

  /// The variables a definition's value depends on in μ: an ite its condition and the branch taken, anything
  /// else every child.
  void slice(Term root) {
    std::vector<Term> stack{root};
    while (!stack.empty()) {
      Term t = stack.back();
      stack.pop_back();
      if (seen_[t.id])
        continue;
      seen_[t.id] = true;
      ++visited_;
      const std::vector<Term> &kids = tm_.kids(t);
      switch (tm_.op(t)) {
      case Op::Var: enqueue(t); break;
      case Op::Ite:
        stack.push_back(kids[0]);
        stack.push_back(mu_(kids[0]) ? kids[1] : kids[2]);
        break;
      case Op::Select: element(t, stack); break;
      default: stack.insert(stack.end(), kids.begin(), kids.end()); break;
      }
    }
  }

  const encoder::Encoding &enc_;
  const backends::TermManager &tm_;
  Truth mu_;
  std::unordered_map<uint32_t, size_t> definedBy_;
  std::unordered_map<uint32_t, Blame> selectorOf_;
  std::vector<bool> seen_, ivSeen_;
  std::vector<Term> queue_;
  std::unordered_set<uint32_t> queued_;
  std::set<std::pair<uint32_t, std::vector<uint32_t>>> walked_; ///< (array term, indexes) element() followed
  size_t visited_ = 0;
};

} // namespace

MustSet mustSet(const encoder::Encoding &enc, const backends::TermManager &tm, const ModelEval &model) {
  return Slicer(enc, tm, model).run();
}

namespace {

bool isConstant(const backends::TermManager &tm, Term t) {
  Op o = tm.op(t);
  return o == Op::BoolConst || o == Op::IntConst || o == Op::BvConst;
}

/// μ without solving: every input of a failing run is fixed, so the steps, evaluated in order, give every
/// value. Terms are evaluated by substituting constants and letting the term manager fold them; arrays are
/// store chains over a constant array. Anything that does not fold (a division by zero, an integer beyond
/// 64 bits, a bit-vector concatenation) makes `ok()` false: the caller asks a solver instead.
class Evaluator {
public:
  Evaluator(backends::TermManager &tm, const encoder::Encoding &enc) : tm_(tm) {
    for (const encoder::Step &s : enc.steps)
      if (!s.selector.isNull())
        value_[s.selector.id] = tm.mkTrue();
    for (const encoder::Step &s : enc.steps) {
      if (!ok_)
        return;
      if (!s.lhs.isNull()) {
        Term v = eval(s.rhs);
        if (tm.kind(tm.sort(v)) != backends::SortKind::Array && !isConstant(tm, v))
          ok_ = false;
        value_[s.lhs.id] = v;
        continue;
      }
      if (s.part != encoder::Part::Input)
        continue;
      // the fixed inputs: `x = c` (an argument), `exec ∧ count = j ⇒ v = c` (the j-th nondet value)
      Term c = s.rhs;
      if (tm.op(c) == Op::Implies) {
        if (!tm.isTrue(eval(tm.kids(c)[0])))
          continue;
        c = tm.kids(c)[1];
      }
      if (tm.op(c) == Op::Eq) {
        Term a = tm.kids(c)[0], b = tm.kids(c)[1];
        if (tm.op(b) == Op::Var)
          std::swap(a, b);
        if (tm.op(a) == Op::Var && isConstant(tm, b) && !value_.count(a.id))
          value_[a.id] = b;
      }
    }
    // every condition must hold in this valuation, or it is not a model
    for (const encoder::Step &s : enc.steps)
      if (ok_ && s.lhs.isNull() && !tm.isTrue(eval(s.rhs)))
        ok_ = false;
  }
  bool ok() const { return ok_; }
  backends::Value operator()(Term t) {
    Term v = eval(t);
    if (tm_.isTrue(v) || tm_.isFalse(v))
      return backends::Value::ofBool(tm_.isTrue(v));
    return backends::Value::other(tm_.toString(v));
  }

private:
  /// A variable no step defines and no fixed input pins: a nondet value of an instance that does not run,
  /// an activation literal; any value of its sort will do.
  Term freeValue(Term v) {
    backends::Sort s = tm_.sort(v);
    switch (tm_.kind(s)) {
    case backends::SortKind::Bool: return tm_.mkFalse();
    case backends::SortKind::Int: return tm_.mkInt(0);
    case backends::SortKind::BitVec: return tm_.mkBv(tm_.width(s), 0);
    case backends::SortKind::Array: return defaultOf(s);
    case backends::SortKind::Float: return defaultOf(s);
    case backends::SortKind::String: // (output text of a reference comparison) kept symbolic, as before
    case backends::SortKind::RegLan: break;
    }
    return v;
  }
  /// false, 0, or an array of those (arrays of arrays: the contents of array objects).
  Term defaultOf(backends::Sort s) {
    switch (tm_.kind(s)) {
    case backends::SortKind::Bool: return tm_.mkFalse();
    case backends::SortKind::BitVec: return tm_.mkBv(tm_.width(s), 0);
    case backends::SortKind::Float:
      return tm_.mkFpFromBits(s, tm_.mkBv(tm_.width(s) + tm_.sortData(s).sig, 0));
    case backends::SortKind::Array: return tm_.mkConstArray(s, defaultOf(tm_.sortData(s).elem));
    default: return tm_.mkInt(0);
    }
  }
  Term select(Term arr, Term i) {
    while (true) {
      if (tm_.op(arr) == Op::ConstArray)
        return tm_.kids(arr)[0];
      if (tm_.op(arr) != Op::Store || !isConstant(tm_, i) || !isConstant(tm_, tm_.kids(arr)[1])) {
        ok_ = false;
        return tm_.mkSelect(arr, i);
      }
      if (tm_.kids(arr)[1] == i)
        return tm_.kids(arr)[2];
      arr = tm_.kids(arr)[0];
    }
  }
  Term eval(Term root) {
    tm_.postOrder(
        root, [&](Term t) { return value_.count(t.id) > 0; },
        [&](Term t) {
          const backends::TermData &d = tm_.data(t);
          Term v = t;
          switch (d.op) {
          case Op::BoolConst:
          case Op::IntConst:
          case Op::BvConst:
          case Op::StrConst: break; // (a printed text the encoder knew: `printf("usage\n")`)
          case Op::Var: v = freeValue(t); break;
          default: {
            std::vector<Term> kids;
            for (Term k : d.kids)
              kids.push_back(value_.at(k.id));
            if (d.op == Op::Select)
              v = select(kids[0], kids[1]);
            else if (d.op == Op::ConstArray)
              v = tm_.mkConstArray(d.sort, kids[0]);
            else if (d.op == Op::Extract || d.op == Op::SignExtend || d.op == Op::ZeroExtend)
              ok_ = false; // not folded by the term manager
            else if (d.op == Op::Int2Bv || d.op == Op::FpFromBits || d.op == Op::FpToFp ||
                     d.op == Op::FpFromSbv || d.op == Op::FpFromUbv || d.op == Op::FpToSbv ||
                     d.op == Op::FpToUbv) {
              // conversions mkApp does not build: a constant one (a float literal) is its own value
              bool same = true;
              for (size_t k = 0; k < kids.size(); ++k)
                same = same && kids[k].id == d.kids[k].id;
              ok_ = ok_ && same;
            } else
              v = tm_.mkApp(d.op, kids);
          }
          }
          value_[t.id] = v;
        });
    return value_.at(root.id);
  }

  backends::TermManager &tm_;
  std::unordered_map<uint32_t, Term> value_;
  bool ok_ = true;
};

} // namespace

namespace {

/// mustSetOf, with encoder::Stopped thrown on.
MustSet mustSetOfUnstopped(const Problem &p, double *solveSeconds, bool *solved) {
  MustSet out;
  backends::TermManager tm;
  encoder::Encoding enc = encoder::encode(p.prog, p.failure.entry, tm, failureEncodeOptions(p));
  if (solved)
    *solved = false;
  {
    Evaluator ev(tm, enc);
    if (ev.ok()) {
      out = mustSet(enc, tm, [&ev](Term t) { return ev(t); });
      if (out.check >= 0) {
        const encoder::Check &c = enc.checks[static_cast<size_t>(out.check)];
        if (c.stmt == p.failure.failingStmt())
          return out;
      }
      out = MustSet{}; // not the interpreter's failure: ask a solver
    }
  }
  if (solved)
    *solved = true;
  backends::SolverOptions so;
  so.cores = false;
  if (std::string why = unsupportedSpec(p); !why.empty()) {
    out.error = why;
    return out;
  }
  backends::MakeSolverResult made = backends::makeSolver(p.opts.solver, tm, so);
  if (!made) {
    out.error = made.error;
    return out;
  }
  backends::Solver &s = *made.solver;
  s.setTimeout(p.opts.timeoutMs);
  enc.assertTo(s);
  backends::Result r =
      s.check({p.failure.bound ? enc.boundFailure : enc.realFailure}, backends::Need::NoCore);
  if (solveSeconds)
    *solveSeconds = s.stats().solveSeconds + s.stats().assertSeconds;
  if (r.isUnknown()) {
    out.unknown = true;
    out.error = std::string("the solver gave no answer: ") + backends::reasonName(r.reason);
    return out;
  }
  if (r.isUnsat()) {
    out.error = "internal: the encoding of the failing run does not fail";
    return out;
  }
  try {
    return mustSet(enc, tm, [&s](Term t) { return s.value(t); });
  } catch (const backends::SolverFailure &e) {
    out.unknown = true;
    out.error = std::string("the solver gave no model: ") + e.what();
    return out;
  }
}

} // namespace

MustSet mustSetOf(const Problem &p, double *solveSeconds, bool *solved) {
  try {
    return mustSetOfUnstopped(p, solveSeconds, solved);
  } catch (const encoder::Stopped &e) { // the encoding reached the time limit or Ctrl-C: no set
    MustSet out;
    out.unknown = true;
    out.error = std::string("the failing run's encoding stopped: ") + e.what();
    return out;
  }
}

namespace {

class Must final : public Method {
public:
  const char *name() const override { return "must"; }
  bool traceFormula() const override { return true; }
  const char *summary() const override {
    return "FOSFL: the must location set (every repair of the failure changes one of its statements), from "
           "the dynamic slice of the failing check in the run's model";
  }
  std::vector<repair::OptionDecl> options() const override { return {partsOption(Parts::ValueTargetShared)}; }
  Claim claim() const override { return Claim::ContainsSingleFault; }
  Result run(const Problem &given) const override {
    const Problem p = withOwnDefaults(*this, given); // --parts: this method's default
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    double solve = 0;
    bool solved = false;
    MustSet m = mustSetOf(p, &solve, &solved);
    r.stats["solve_s"] = solve;
    r.stats["checks"] = solved ? 1 : 0;
    if (!m.error.empty()) {
      r.status = m.unknown ? Status::Unknown : Status::Error;
      r.message = m.error;
      return r;
    }
    r.stats["important_vars"] = static_cast<double>(m.importantVars);
    r.stats["slice_vars"] = static_cast<double>(m.sliceVars);
    r.stats["terms"] = static_cast<double>(m.terms);
    r.complete = true;
    if (!m.blames.empty()) {
      r.sets.push_back(m.blames);
      r.setCosts.push_back(m.blames.size());
    }
    r.ranking = rankBySets(p.prog, r.sets, r.setCosts);
    for (Suspect &s : r.ranking)
      s.evidence = "in the must set";
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makeMust() {
  return std::make_unique<Must>();
}

} // namespace locus::localize
