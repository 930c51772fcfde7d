// Template-based repair (Könighofer & Bloem, "Automated Error Localization and Correction for Imperative
// Programs", section III-E to III-G): for each diagnosis of model-based diagnosis (localize `mbd`), smallest
// first, every component (an assignment's value) is replaced by a linear template over the int variables in
// scope there — `k0 + Σ kj·vj` for an int value, `k0 + Σ kj·vj OP 0` with OP chosen symbolically for a
// condition — and the coefficients are found by counterexample-guided refinement. `locus repair --method
// template`; docs/repair.md.
//
// CEGIS: the inputs I start with the failure's. Synthesis: one solver holds, for every input of I, the
// program encoded with that input fixed and the templates as value overrides (the same coefficient symbols
// in every copy and at every instance of a statement), and "no check fails". Its model (MaxSAT: prefer
// k = 0 and |k| ≤ M, the paper's ρ1) is a candidate, which is built as an IR program (the component's
// value replaced by the instantiated template, simplified) and validated (fix::validate: bounded, all
// inputs, the declared tests). Correct: a repair, rendered as a patch and re-verified from its source;
// it is blocked and the search goes on for more. Buggy: its counterexample joins I — first a "nasty" one
// if there is one (MaxSAT: prefer every int input with |i| ≥ N, the paper's ρ2) — and the candidate is
// blocked. Synthesis unsat: no instance of the templates repairs the program on I, so none repairs it.
#include "repair/fix/methods.h"

#include "backends/maxsat.h"
#include "backends/solver.h"
#include "ir/analysis.h"
#include "ir/ints.h"
#include "ir/printer.h"
#include "repair/localize/localize.h"
#include "repair/patch/lex.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>

namespace locus::fix {

namespace {

using backends::Term;
using Clock = std::chrono::steady_clock;

/// Coefficients are read by the template's IR expression through variable references with indices from
/// here on (no procedure has that many variables); the override's lookup answers them with the symbols.
constexpr uint32_t kCoefficientBase = 0x40000000u;

/// The comparison operators a condition template chooses from (the selector's value indexes this).
constexpr ir::Op kOps[] = {ir::Op::Lt, ir::Op::Le, ir::Op::Eq, ir::Op::Ne, ir::Op::Ge, ir::Op::Gt};
constexpr int kNumOps = 6;

/// One component of a diagnosis: an assignment (with the copies the lowering made of it) whose value becomes
/// a template.
struct Component {
  std::vector<ir::StmtId> stmts; ///< the blamed statement and its copies
  uint32_t proc = ir::kNone;
  bool condition = false; ///< a bool value: `sum OP 0`
  ir::Type type;          ///< the int type of the sum
  /// The template's terms: uses of the variables in scope, and of the element reads of the component's own
  /// source statement (`a[i]` of `s := s + a[i]`: a use of the read's temporary with the text's range, so a
  /// patch writes `a[i]` back); never an array variable (not an int).
  std::vector<ir::Expr> terms;
  std::vector<Term> k; ///< k[0]: the constant; k[j]: the coefficient of terms[j-1] (constants: of hole j)
  Term op;             ///< condition: the operator's index into kOps (an Int symbol)
  ir::Expr sum;        ///< k0 + Σ kj·vj with the coefficients as variables kCoefficientBase + j
                       ///< (constants: the value with hole j read from variable kCoefficientBase + j)
  /// The constants pass: the int literals of the value (node indices, patch::nodeAt) are the unknowns, the
  /// rest of the value stays (`t > 60` → `t > k0`). Empty: the linear template.
  std::vector<uint32_t> holes;
  std::vector<ir::BigInt> original; ///< constants: each hole's literal
};

/// A concrete instance: the coefficients' values, and the operator's index for a condition.
struct Instance {
  std::vector<ir::BigInt> k;
  int op = 0;
};

/// Calls f(stmt) on every statement of a procedure.
template <typename F> void forEachStmtOf(const ir::Procedure &p, F &&f) {
  ir::forEachStmt(p.pre, f);
  ir::forEachStmt(p.body, f);
  ir::forEachStmt(p.post, f);
}

ir::Stmt *findStmt(ir::Program &prog, ir::StmtId id) {
  ir::Stmt *found = nullptr;
  ir::forEachStmt(prog, [&](ir::Procedure &, ir::Stmt &s) {
    if (s.id == id)
      found = &s;
  });
  return found;
}
const ir::Stmt *findStmt(const ir::Program &prog, ir::StmtId id) {
  return findStmt(const_cast<ir::Program &>(prog), id); // the same search; nothing is changed
}

/// The copies the lowering made of statement `s` of procedure `proc` (itself included): assignments of the
/// same construct at the same place computing the same expression (ranges included).
std::vector<ir::StmtId> copiesOf(const ir::Program &prog, uint32_t proc, const ir::Stmt &s) {
  std::vector<ir::StmtId> out;
  forEachStmtOf(prog.procs.at(proc), [&](const ir::Stmt &t) {
    if (t.kind == ir::Stmt::Assign && t.construct == s.construct && t.loc == s.loc && t.value == s.value &&
        t.value.range.valid())
      out.push_back(t.id);
  });
  if (std::find(out.begin(), out.end(), s.id) == out.end())
    out.push_back(s.id);
  std::sort(out.begin(), out.end());
  return out;
}

/// The locals of `pr` every path writes before `stmt` runs (parameters from the start): a write
/// counts when it is not guarded and not inside a loop or concrete block it is not in. Conservative (an
/// `if`/`else` that writes a local on both sides does not count).
std::set<uint32_t> definitelyWrittenBefore(const ir::Procedure &pr, ir::StmtId stmt) {
  std::optional<std::set<uint32_t>> found;
  std::function<void(const std::vector<ir::Stmt> &, std::set<uint32_t> &)> walk =
      [&](const std::vector<ir::Stmt> &stmts, std::set<uint32_t> &cur) {
        for (const ir::Stmt &s : stmts) {
          if (found)
            return;
          if (s.id == stmt) {
            found = cur;
            return;
          }
          std::set<uint32_t> inner = cur; // a loop's or concrete block's writes count inside it only
          walk(s.body, inner);
          bool unguarded = s.guard.kind == ir::Expr::BoolLit && !s.guard.value.isZero();
          if (unguarded && ir::writesLhs(s) && !s.lhs.global)
            cur.insert(s.lhs.index);
        }
      };
  std::set<uint32_t> params(pr.params.begin(), pr.params.end());
  walk(pr.pre, params);
  walk(pr.body, params);
  return found ? *found : std::set<uint32_t>{};
}

/// The int variables of type `t` a patch can name at the value of `stmt`: those patch::render accepts
/// there (a source name, declared at that place, unambiguous; no lowering temporaries), each tried as the
/// new value (a condition: in `v < 0`). In C, a local only where every path has written it: a C local
/// without an initializer is indeterminate, and the front end makes it a nondet value only where the
/// original reads it before writing it (elsewhere the IR's local starts at 0, which the patched source
/// does not promise).
std::vector<ir::VarRef> renderableVars(const Problem &p, uint32_t proc, const ir::Stmt &stmt, ir::Type t,
                                       bool condition) {
  std::vector<ir::VarRef> out;
  const ir::Procedure &pr = p.prog.procs.at(proc);
  std::optional<std::set<uint32_t>> written;
  if (stmt.loc.valid() && stmt.loc.file < p.prog.files.size() &&
      patch::languageOf(p.prog.files[stmt.loc.file]) == patch::Language::C)
    written = definitelyWrittenBefore(pr, stmt.id);
  auto consider = [&](ir::VarRef v) {
    const ir::Var &var = p.prog.var(pr, v);
    if (var.temp || !(var.type == t))
      return;
    if (written && !v.global && !written->count(v.index))
      return;
    ir::Expr e = ir::Expr::varUse(v, t);
    if (condition) // a condition's value is bool: try the variable in a comparison
      e = ir::Expr::binary(ir::Op::Lt, std::move(e), ir::Expr::intLit(ir::BigInt(0), t));
    patch::PatchResult r = patch::render(p.prog, p.sm, {patch::Edit::replace(stmt.id, 0, std::move(e))});
    if (r.patch)
      out.push_back(v);
  };
  for (uint32_t i = 0; i < p.prog.globals.size(); ++i)
    consider({true, i});
  for (uint32_t i = 0; i < pr.vars.size(); ++i)
    consider({false, i});
  return out;
}

/// The element reads a template at `stmt` may use as terms: the uses, in stmt's value, of temporaries of
/// type `t` that a GetElem of the same construct computed right before it under the same guard (the read of
/// `a[i]` in `s := s + a[i]`), each with its source range, so a patch writes the element read back; only
/// those patch::render accepts there.
std::vector<ir::Expr> elementReads(const Problem &p, uint32_t proc, const ir::Stmt &stmt, ir::Type t,
                                   bool condition) {
  std::vector<ir::Expr> out;
  const ir::Procedure &pr = p.prog.procs.at(proc);
  // the temporaries the statements right before stmt (same construct and guard) read from arrays
  std::set<uint32_t> reads;
  const std::vector<ir::Stmt> *block = nullptr;
  size_t at = 0;
  std::function<bool(const std::vector<ir::Stmt> &)> find = [&](const std::vector<ir::Stmt> &stmts) {
    for (size_t k = 0; k < stmts.size(); ++k) {
      if (stmts[k].id == stmt.id) {
        block = &stmts;
        at = k;
        return true;
      }
      if (find(stmts[k].body))
        return true;
    }
    return false;
  };
  if (!find(pr.body))
    return out;
  for (size_t k = at; k-- > 0;) {
    const ir::Stmt &s = (*block)[k];
    if (s.construct != stmt.construct || !(s.guard == stmt.guard) || s.lhs.global || !s.lhs.valid() ||
        !pr.vars.at(s.lhs.index).temp)
      break;
    if (s.kind == ir::Stmt::GetElem)
      reads.insert(s.lhs.index);
  }
  std::set<uint32_t> taken;
  ir::forEachNode(stmt.value, [&](const ir::Expr &e) {
    if (e.kind != ir::Expr::VarUse || e.var.global || !reads.count(e.var.index) || !(e.type == t) ||
        !e.range.valid() || !taken.insert(e.var.index).second)
      return;
    ir::Expr use = ir::Expr::varUse(e.var, t);
    use.range = e.range;
    ir::Expr probe = condition ? ir::Expr::binary(ir::Op::Lt, use, ir::Expr::intLit(ir::BigInt(0), t)) : use;
    patch::PatchResult r = patch::render(p.prog, p.sm, {patch::Edit::replace(stmt.id, 0, std::move(probe))});
    if (r.patch)
      out.push_back(std::move(use));
  });
  return out;
}

ir::Expr lit(const ir::BigInt &v, ir::Type t) {
  return ir::Expr::intLit(v, t);
}

/// Σ |k|·v over `terms` (each coefficient positive), plus `constant` (≥ 0); 0 when empty.
ir::Expr positiveSum(const std::vector<std::pair<ir::BigInt, ir::Expr>> &terms, const ir::BigInt &constant,
                     ir::Type t) {
  std::optional<ir::Expr> e;
  for (const auto &[k, v] : terms) {
    ir::Expr term = k == ir::BigInt(1) ? v : ir::Expr::binary(ir::Op::Mul, lit(k, t), v);
    e = e ? ir::Expr::binary(ir::Op::Add, std::move(*e), std::move(term)) : std::move(term);
  }
  if (!constant.isZero())
    e = e ? ir::Expr::binary(ir::Op::Add, std::move(*e), lit(constant, t)) : lit(constant, t);
  return e ? std::move(*e) : lit(ir::BigInt(0), t);
}

/// k0 + Σ kj·vj with zero terms dropped, `1·v` as `v`, negative coefficients subtracted.
ir::Expr linear(const Component &c, const Instance &in) {
  std::optional<ir::Expr> e;
  for (size_t j = 0; j < c.terms.size(); ++j) {
    const ir::BigInt &k = in.k[j + 1];
    if (k.isZero())
      continue;
    ir::BigInt a = k.isNegative() ? -k : k;
    ir::Expr v = c.terms[j];
    ir::Expr term = a == ir::BigInt(1) ? v : ir::Expr::binary(ir::Op::Mul, lit(a, c.type), v);
    if (!e)
      e = k.isNegative() ? (a == ir::BigInt(1) ? ir::Expr::unary(ir::Op::Neg, std::move(v))
                                               : ir::Expr::binary(ir::Op::Mul, lit(k, c.type), std::move(v)))
                         : std::move(term);
    else
      e = ir::Expr::binary(k.isNegative() ? ir::Op::Sub : ir::Op::Add, std::move(*e), std::move(term));
  }
  const ir::BigInt &k0 = in.k[0];
  if (!e)
    return lit(k0, c.type);
  if (k0.isZero())
    return std::move(*e);
  return ir::Expr::binary(k0.isNegative() ? ir::Op::Sub : ir::Op::Add, std::move(*e),
                          lit(k0.isNegative() ? -k0 : k0, c.type));
}

/// The instantiated template as an IR expression. A condition in math mode is written with the negative
/// terms moved to the right (`y > x` for `-x + y > 0`: the same value on mathematical integers); in BV32
/// mode, where that move can overflow, it stays `sum OP 0`.
ir::Expr instantiate(const Component &c, const Instance &in, ir::IntMode mode) {
  if (!c.condition)
    return linear(c, in);
  ir::Op op = kOps[in.op];
  if (mode == ir::IntMode::BV32)
    return ir::Expr::binary(op, linear(c, in), lit(ir::BigInt(0), c.type));
  std::vector<std::pair<ir::BigInt, ir::Expr>> pos, neg;
  for (size_t j = 0; j < c.terms.size(); ++j) {
    const ir::BigInt &k = in.k[j + 1];
    if (k.isZero())
      continue;
    (k.isNegative() ? neg : pos).emplace_back(k.isNegative() ? -k : k, c.terms[j]);
  }
  const ir::BigInt &k0 = in.k[0];
  ir::BigInt zero(0);
  ir::Expr l = positiveSum(pos, k0.isNegative() ? zero : k0, c.type);
  ir::Expr r = positiveSum(neg, k0.isNegative() ? -k0 : zero, c.type);
  return ir::Expr::binary(op, std::move(l), std::move(r));
}

/// The constants pass's instance: the value with each hole's literal replaced by the instance's.
ir::Expr withConstants(const ir::Stmt &s, const Component &c, const Instance &in) {
  ir::Stmt t = s;
  for (size_t j = 0; j < c.holes.size(); ++j) {
    ir::Expr *node = patch::nodeAt(t, c.holes[j]);
    *node = ir::Expr::intLit(in.k[j], node->type);
  }
  return t.value;
}

/// One diagnosis's search: the components, the synthesis solver, the inputs.
/// template's options, typed.
struct TemplateOptions {
  unsigned maxIterations = 20;   ///< CEGIS rounds per diagnosis
  size_t maxDiagnosisSize = 2;   ///< the largest diagnosis a template is tried for
  int64_t coefficientBound = 10; ///< M: coefficients in [-M, M] are preferred
  uint64_t seed = 0;             ///< randomization of the preferences (0: none)
  bool constants = true;         ///< the constants pass first (--no-constants: the paper's templates alone)
};

repair::OptionDecl maxIterationsOption() {
  return repair::unsignedOption(kMaxIterations, "CEGIS rounds per diagnosis", 20, 0,
                                std::numeric_limits<unsigned>::max());
}
repair::OptionDecl diagnosisSizeOption() {
  return repair::unsignedOption(kDiagnosisSize, "the largest diagnosis tried", 2);
}
repair::OptionDecl coefficientBoundOption() {
  return repair::integerOption(kCoefficientBound, "coefficients in [-M, M] are preferred", 10);
}
repair::OptionDecl seedOption() {
  return repair::unsignedOption(kSeed, "randomize the preferences (0: none)", 0);
}
repair::OptionDecl constantsOption() {
  return repair::boolOption(kNoConstants,
                            "the linear templates alone, as the paper has them, without the first "
                            "pass that solves for the int literals of each diagnosis's values");
}

TemplateOptions templateOptionsOf(const Options &opts) {
  TemplateOptions t;
  t.maxIterations = static_cast<unsigned>(repair::unsignedValue(maxIterationsOption(), opts.given));
  t.maxDiagnosisSize = repair::unsignedValue(diagnosisSizeOption(), opts.given);
  t.coefficientBound = repair::integerValue(coefficientBoundOption(), opts.given);
  t.seed = repair::unsignedValue(seedOption(), opts.given);
  t.constants = !repair::boolValue(constantsOption(), opts.given);
  return t;
}

class Search {
public:
  /// `plausible`: where repairs that pass the suite but not the bounded verification go (the search goes on
  /// with their counterexamples).
  Search(const Problem &p, const TemplateOptions &to, const Checked &base, std::vector<Component> comps,
         std::optional<Clock::time_point> deadline, std::map<std::string, double> &stats,
         std::vector<Repair> &plausible)
      : p_(p), to_(to), base_(base), comps_(std::move(comps)), deadline_(deadline), stats_(stats),
        plausible_(plausible) {}

  enum class Outcome { Exhausted, Enough, Rounds, Stopped, Error };

  /// Runs CEGIS from `inputs`; appends repairs to `repairs`.
  Outcome run(std::vector<Input> inputs, std::vector<Repair> &repairs, Clock::time_point t0,
              std::string &message) {
    try {
      return searchFrom(std::move(inputs), repairs, t0, message);
    } catch (const encoder::Stopped &) { // an input's encoding reached the deadline or Ctrl-C
      return Outcome::Stopped;
    }
  }

  Outcome searchFrom(std::vector<Input> inputs, std::vector<Repair> &repairs, Clock::time_point t0,
                     std::string &message) {
    backends::SolverOptions so;
    so.cores = true; // the core-guided MaxSAT needs them
    backends::MakeSolverResult made = backends::makeSolver(p_.opts.solver, tm_, so);
    if (!made) {
      message = made.error;
      return Outcome::Error;
    }
    solver_ = std::move(made.solver);
    solver_->setDeadline(deadline_);
    declare();
    for (const Input &in : inputs)
      addInput(in);
    for (unsigned round = 0; round < to_.maxIterations; ++round) {
      if (stopNow(p_, deadline_))
        return Outcome::Stopped;
      stats_["cegis_rounds"] += 1;
      std::optional<std::vector<Instance>> cand;
      backends::Status st = synthesize(cand);
      if (st == backends::Status::Unsat)
        return Outcome::Exhausted;
      if (st != backends::Status::Sat) {
        message = "the synthesis query gave no answer";
        return Outcome::Stopped;
      }
      block(*cand);
      Checked prog = base_;
      std::vector<patch::Edit> edits;
      std::vector<std::string> changes;
      for (size_t i = 0; i < comps_.size(); ++i) {
        const Component &c = comps_[i];
        if (!c.holes.empty()) { // the constants pass: each changed literal replaced where it is written
          for (ir::StmtId id : c.stmts) {
            ir::Stmt *s = findStmt(prog.prog, id);
            for (size_t j = 0; j < c.holes.size(); ++j)
              if (!((*cand)[i].k[j] == c.original[j]))
                edits.push_back(patch::Edit::replace(
                    id, c.holes[j], lit((*cand)[i].k[j], patch::nodeAt(*s, c.holes[j])->type)));
            s->value = withConstants(*s, c, (*cand)[i]);
          }
          for (size_t j = 0; j < c.holes.size(); ++j)
            if (!((*cand)[i].k[j] == c.original[j]))
              changes.push_back(constantText(c, j, (*cand)[i].k[j]));
          continue;
        }
        ir::Expr e = instantiate(c, (*cand)[i], p_.spec.verify.encode.ints);
        for (ir::StmtId id : c.stmts) {
          findStmt(prog.prog, id)->value = e;
          edits.push_back(patch::Edit::replace(id, 0, e));
        }
        changes.push_back(changeText(c, e));
      }
      stats_["candidates_validated"] += 1;
      if (deadline_ && Clock::now() >= *deadline_)
        return Outcome::Stopped;
      auto tv = Clock::now();
      Validation v = validate(prog, p_.spec, msLeft(deadline_));
      stats_["validate_s"] += secondsSince(tv);
      if (v.verdict == Validation::Verdict::Correct && !v.bounded && v.boundedFailure &&
          v.boundedFailure->entry == base_.entry) {
        // Passes the suite, and the bounded verification has a counterexample: a plausible repair, kept in
        // case no correct one turns up, and its counterexample joins I (the specification refines the
        // search).
        Unfinished u;
        std::optional<Repair> rep =
            finishRepair(p_, std::move(edits), std::move(changes), comps_.size(), secondsSince(t0), u, false);
        if (rep && std::none_of(plausible_.begin(), plausible_.end(),
                                [&](const Repair &x) { return x.patch.diff == rep->patch.diff; }))
          plausible_.push_back(std::move(*rep));
        stats_["plausible_refined"] += 1;
        addInput(inputOf(*v.boundedFailure));
        continue;
      }
      if (v.verdict == Validation::Verdict::Correct) {
        Unfinished u;
        std::optional<Repair> rep =
            finishRepair(p_, std::move(edits), std::move(changes), comps_.size(), secondsSince(t0), u, false);
        bool again = rep && std::any_of(repairs.begin(), repairs.end(), [&](const Repair &x) {
                       return x.patch.diff == rep->patch.diff; // the constants pass found it already
                     });
        if (again) {
          stats_["found_again"] += 1;
        } else if (rep) {
          if (p_.observer)
            p_.observer->repaired(*rep);
          repairs.push_back(std::move(*rep));
          if (repairs.size() >= p_.opts.maxRepairs)
            return Outcome::Enough;
        } else if (!u.rendered) {
          stats_["unrenderable"] += 1;
        } else if (u.undecided) { // no answer from its source (an interrupt, the time limit): not reported
          stats_["unknown"] += 1;
          if (stopNow(p_, deadline_))
            return Outcome::Stopped;
        } else {
          stats_["reverify_failed"] += 1;
          if (internal.empty())
            internal = u.why;
        }
        continue;
      }
      if (v.verdict == Validation::Verdict::Unknown) {
        stats_["unknown"] += 1;
        if (deadline_ && Clock::now() >= *deadline_)
          return Outcome::Stopped;
        continue; // blocked; not a repair we can report
      }
      if (v.verdict == Validation::Verdict::Error) {
        message = v.message;
        return Outcome::Error;
      }
      // Buggy: a counterexample joins I (a nasty one if there is one). Not against a reference: there the
      // preference for large inputs is a MaxSAT problem over strings (the outputs), seconds per round.
      std::optional<Input> nasty;
      if (v.failure && v.failure->entry == base_.entry &&
          base_.failureSpec.verify.encode.expect.reference == ir::kNone)
        nasty = nastyCounterexample(prog.prog);
      if (nasty) {
        stats_["counterexamples_large"] += 1;
        addInput(*nasty);
      } else if (v.failure) {
        addInput(inputOf(*v.failure));
      }
    }
    return Outcome::Rounds;
  }

  std::string internal; ///< the first repair that did not re-verify from its source

private:
  const Problem &p_;
  const TemplateOptions &to_;
  const Checked &base_;
  std::vector<Component> comps_;
  std::optional<Clock::time_point> deadline_;
  std::map<std::string, double> &stats_;
  std::vector<Repair> &plausible_;
  backends::TermManager tm_;
  std::unique_ptr<backends::Solver> solver_;
  std::vector<Term> all_; ///< every coefficient and operator symbol, in order
  std::mt19937_64 rng_;

  bool bv() const { return p_.spec.verify.encode.ints == ir::IntMode::BV32; }

  /// The coefficient symbols of every component (named by component so that every copy and instance reads
  /// the same ones), their hard ranges, and the template expressions.
  void declare() {
    rng_.seed(to_.seed);
    encoder::ExprEncoder ex(tm_, p_.spec.verify.encode.ints);
    for (size_t i = 0; i < comps_.size(); ++i) {
      Component &c = comps_[i];
      std::string base = "tmpl!" + std::to_string(c.stmts.front()) + "!k";
      if (!c.holes.empty()) { // the constants pass: one unknown per literal, of the literal's type
        const ir::Stmt *s = findStmt(p_.prog, c.stmts.front());
        ir::Stmt shape = *s;
        for (size_t j = 0; j < c.holes.size(); ++j) {
          ir::Expr *node = patch::nodeAt(shape, c.holes[j]);
          Term k = tm_.mkVar(base + std::to_string(j), ex.sortOf(node->type));
          limit(k, node->type);
          c.k.push_back(k);
          all_.push_back(k);
          *node = ir::Expr::varUse({false, kCoefficientBase + static_cast<uint32_t>(j)}, node->type);
        }
        c.sum = shape.value;
        continue;
      }
      backends::Sort sort = ex.sortOf(c.type);
      for (size_t j = 0; j <= c.terms.size(); ++j) {
        Term k = tm_.mkVar(base + std::to_string(j), sort);
        c.k.push_back(k);
        all_.push_back(k);
        limit(k, c.type);
      }
      if (c.condition) {
        c.op = tm_.mkVar(base + "op", tm_.intSort());
        all_.push_back(c.op);
        solver_->assertFormula(tm_.mkApp(backends::Op::Ge, c.op, tm_.mkInt(0)));
        solver_->assertFormula(tm_.mkApp(backends::Op::Lt, c.op, tm_.mkInt(kNumOps)));
      }
      std::optional<ir::Expr> sum;
      for (size_t j = 0; j <= c.terms.size(); ++j) {
        ir::Expr kj = ir::Expr::varUse({false, kCoefficientBase + static_cast<uint32_t>(j)}, c.type);
        ir::Expr term = j == 0 ? kj : ir::Expr::binary(ir::Op::Mul, kj, c.terms[j - 1]);
        sum = sum ? ir::Expr::binary(ir::Op::Add, std::move(*sum), std::move(term)) : std::move(term);
      }
      c.sum = std::move(*sum);
    }
  }

  /// Coefficient `k` of type `t` is a value a literal can have: no INT_MIN in BV32 (|k| must be a value of
  /// the type when a negative term is subtracted), within a fixed-width type's range in math mode.
  void limit(Term k, const ir::Type &t) {
    if (bv()) {
      unsigned w = ir::widthOf(t, ir::IntMode::BV32);
      int64_t least = w >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (w - 1));
      solver_->assertFormula(tm_.mkNot(tm_.mkEq(k, tm_.mkBv(w, least))));
    } else if (t.bits) {
      ir::BigInt hi = ir::BigInt::pow2(t.bits - 1) - ir::BigInt(1);
      solver_->assertFormula(tm_.mkApp(backends::Op::Le, k, tm_.mkInt(hi.toString())));
      solver_->assertFormula(tm_.mkApp(backends::Op::Ge, k, tm_.mkInt((-hi).toString())));
    }
  }

  /// The override of component i: the template over the variables' current terms.
  encoder::Override overrideOf(size_t i) {
    return [this, i](const encoder::OverrideContext &ctx) -> Term {
      const Component &c = comps_[i];
      encoder::ExprEncoder::VarLookup look = [&](ir::VarRef v) -> Term {
        if (!v.global && v.index >= kCoefficientBase)
          return c.k.at(v.index - kCoefficientBase);
        return ctx.var(v);
      };
      std::vector<Term> dz;
      Term s = ctx.exprs.expr(c.sum, look, tm_.mkTrue(), dz);
      if (!c.condition || !c.holes.empty())
        return s;
      Term out;
      for (int o = kNumOps - 1; o >= 0; --o) {
        ir::Expr cmp = ir::Expr::binary(kOps[o], c.sum, lit(ir::BigInt(0), c.type));
        Term t = ctx.exprs.expr(cmp, look, tm_.mkTrue(), dz);
        out = out.isNull() ? t : tm_.mkIte(tm_.mkEq(c.op, tm_.mkInt(o)), t, out);
      }
      return out;
    };
  }

  /// The program on one input with the templates, required to pass every check.
  void addInput(const Input &in) {
    encoder::EncodeOptions eo = base_.failureSpec.verify.encode;
    eo.fixedArgs = in.args;
    eo.fixedNondets = in.nondets;
    eo.fixedHeap = in.heap;
    eo.fixedInput = in.input;
    eo.expect = in.expect;
    eo.unwindFloor = std::max(eo.unwindFloor, in.unwind);
    eo.relaxValues = eo.relaxGuards = eo.relaxTargets = false;
    eo.stop = stopWhen(p_, deadline_);
    for (size_t i = 0; i < comps_.size(); ++i)
      for (ir::StmtId id : comps_[i].stmts)
        eo.overrides[{id, encoder::Part::Value}] = overrideOf(i);
    encoder::Encoding enc = encoder::encode(base_.prog, in.entry, tm_, eo);
    enc.assertTo(*solver_);
    solver_->assertFormula(tm_.mkNot(enc.realFailure));
    solver_->assertFormula(tm_.mkNot(enc.boundFailure));
    stats_["inputs"] += 1;
  }

  Term bounded(Term k, int64_t m) {
    if (tm_.sort(k) == tm_.intSort())
      return tm_.mkAnd(tm_.mkApp(backends::Op::Le, k, tm_.mkInt(m)),
                       tm_.mkApp(backends::Op::Ge, k, tm_.mkInt(-m)));
    uint32_t w = tm_.width(tm_.sort(k));
    return tm_.mkAnd(tm_.mkApp(backends::Op::BvSle, k, tm_.mkBv(w, m)),
                     tm_.mkApp(backends::Op::BvSge, k, tm_.mkBv(w, -m)));
  }
  Term isZero(Term k) {
    return tm_.mkEq(k, tm_.sort(k) == tm_.intSort() ? tm_.mkInt(0) : tm_.mkBv(tm_.width(tm_.sort(k)), 0));
  }

  /// A candidate: a model of the synthesis constraints with as many coefficients 0 and within [-M, M] as
  /// possible (ρ1; with a seed, the preferences get random weights 1–3).
  backends::Status synthesize(std::optional<std::vector<Instance>> &out) {
    std::vector<backends::SoftFormula> softs;
    std::uniform_int_distribution<uint64_t> w(1, 3);
    for (const Component &c : comps_)
      for (size_t j = 0; j < c.k.size(); ++j) {
        Term k = c.k[j];
        if (!c.holes.empty()) { // the constants pass: as few literals changed as can be
          softs.push_back({tm_.mkEq(k, valueTerm(k, c.original[j])), to_.seed ? w(rng_) : 1});
          continue;
        }
        softs.push_back({isZero(k), to_.seed ? w(rng_) : 1});
        softs.push_back({bounded(k, to_.coefficientBound), to_.seed ? w(rng_) : 1});
      }
    auto ts = Clock::now();
    backends::MaxSatResult ms = backends::solveMaxSat(*solver_, softs);
    if (ms.result.status != backends::Status::Sat) {
      stats_["solve_s"] += secondsSince(ts);
      return ms.result.status;
    }
    std::vector<Term> keep;
    for (size_t i = 0; i < softs.size(); ++i)
      if (!std::binary_search(ms.falsified.begin(), ms.falsified.end(), i))
        keep.push_back(softs[i].formula);
    backends::Result res = solver_->check(keep, backends::Need::NoCore);
    stats_["solve_s"] += secondsSince(ts);
    if (!res.isSat())
      return res.isUnsat() ? backends::Status::Unknown : res.status; // the optimum must have a model
    std::vector<Instance> all;
    for (const Component &c : comps_) {
      Instance &in = all.emplace_back();
      for (Term k : c.k) {
        backends::Value v = solver_->value(k);
        if (v.kind == backends::Value::Kind::Int) {
          std::optional<ir::BigInt> b = ir::BigInt::parse(v.integer);
          if (!b)
            return backends::Status::Unknown;
          in.k.push_back(*b);
        } else {
          std::optional<int64_t> b = v.asInt64();
          if (!b)
            return backends::Status::Unknown;
          in.k.push_back(ir::BigInt(*b));
        }
      }
      if (c.condition && c.holes.empty()) {
        std::optional<int64_t> o = solver_->value(c.op).asInt64();
        if (!o || *o < 0 || *o >= kNumOps)
          return backends::Status::Unknown;
        in.op = static_cast<int>(*o);
      }
    }
    out = std::move(all);
    return backends::Status::Sat;
  }

  /// No later candidate has these coefficients (and operators).
  void block(const std::vector<Instance> &cand) {
    std::vector<Term> differ;
    for (size_t i = 0; i < comps_.size(); ++i)
      for (size_t j = 0; j < comps_[i].k.size(); ++j) {
        Term k = comps_[i].k[j];
        differ.push_back(tm_.mkNot(tm_.mkEq(k, valueTerm(k, cand[i].k[j]))));
      }
    for (size_t i = 0; i < comps_.size(); ++i)
      if (comps_[i].condition && comps_[i].holes.empty())
        differ.push_back(tm_.mkNot(tm_.mkEq(comps_[i].op, tm_.mkInt(cand[i].op))));
    solver_->assertFormula(tm_.mkOr(differ));
  }

  /// `v` as a constant of `k`'s sort.
  Term valueTerm(Term k, const ir::BigInt &v) {
    return tm_.sort(k) == tm_.intSort() ? tm_.mkInt(v.toString())
                                        : tm_.mkBv(tm_.width(tm_.sort(k)), *v.toInt64());
  }

  /// Hole j of a constants-pass component given value `v`: `file:line:col: 60 → 40`.
  std::string constantText(const Component &c, size_t j, const ir::BigInt &v) const {
    const ir::Stmt *s = findStmt(p_.prog, c.stmts.front());
    const ir::Expr *node = s ? patch::nodeAt(*s, c.holes[j]) : nullptr;
    std::string where;
    if (node && node->range.valid() && node->range.begin.file < p_.prog.files.size())
      where = p_.prog.files[node->range.begin.file] + ":" + std::to_string(node->range.begin.line) + ":" +
              std::to_string(node->range.begin.col) + ": ";
    return where + c.original[j].toString() + " → " + v.toString();
  }

  std::string changeText(const Component &c, const ir::Expr &e) const {
    const ir::Stmt *s = nullptr;
    for (const ir::Procedure &pr : p_.prog.procs)
      forEachStmtOf(pr, [&](const ir::Stmt &t) {
        if (t.id == c.stmts.front())
          s = &t;
      });
    std::string where;
    patch::Language lang = patch::Language::Gcl;
    if (s) {
      SourceLoc loc = s->value.range.valid() ? s->value.range.begin : s->loc;
      if (loc.valid() && loc.file < p_.prog.files.size()) {
        where =
            p_.prog.files[loc.file] + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": ";
        lang = patch::languageOf(p_.prog.files[loc.file]);
      }
    }
    std::string from = s ? patch::exprText(p_.prog, c.proc, s->value, lang) : "?";
    return where + from + " → " + patch::exprText(p_.prog, c.proc, e, lang);
  }

  /// A counterexample of `prog` whose int inputs are large (ρ2: as many as possible with |i| ≥ N, N =
  /// 100·M; with a seed, each input's N is drawn from [N, 4N]), or nothing (none, or no answer in time).
  std::optional<Input> nastyCounterexample(const ir::Program &prog) {
    backends::TermManager tm;
    backends::SolverOptions so;
    backends::MakeSolverResult made = backends::makeSolver(p_.opts.solver, tm, so);
    if (!made)
      return std::nullopt;
    backends::Solver &s = *made.solver;
    s.setDeadline(deadline_);
    encoder::EncodeOptions eo = base_.failureSpec.verify.encode;
    eo.stop = stopWhen(p_, deadline_);
    encoder::Encoding enc;
    try {
      enc = encoder::encode(prog, base_.entry, tm, eo);
      enc.assertTo(s);
    } catch (const encoder::Stopped &) {
      return std::nullopt; // no answer in time
    }
    s.assertFormula(enc.realFailure);
    if (!enc.smallInputs.isNull())
      s.assertFormula(enc.smallInputs);
    int64_t n = std::max<int64_t>(1, to_.coefficientBound) * 100;
    std::vector<backends::SoftFormula> softs;
    std::uniform_int_distribution<int64_t> draw(n, 4 * n);
    auto big = [&](Term v) {
      int64_t m = to_.seed ? draw(rng_) : n;
      if (tm.sort(v) == tm.intSort()) {
        softs.push_back(
            {tm.mkOr(tm.mkApp(backends::Op::Ge, v, tm.mkInt(m)), tm.mkApp(backends::Op::Le, v, tm.mkInt(-m))),
             1});
      } else if (tm.kind(tm.sort(v)) == backends::SortKind::BitVec && tm.width(tm.sort(v)) > 16) {
        uint32_t w = tm.width(tm.sort(v));
        softs.push_back({tm.mkOr(tm.mkApp(backends::Op::BvSge, v, tm.mkBv(w, m)),
                                 tm.mkApp(backends::Op::BvSle, v, tm.mkBv(w, -m))),
                         1});
      }
    };
    const ir::Procedure &entry = prog.procs.at(base_.entry);
    for (size_t i = 0; i < enc.args.size(); ++i)
      if (entry.vars[entry.params[i]].type.isInt())
        big(enc.args[i]);
    for (const encoder::NondetInput &nd : enc.nondets)
      if (nd.type.isInt())
        big(nd.value);
    if (softs.empty())
      return std::nullopt;
    auto ts = Clock::now();
    backends::MaxSatResult ms = backends::solveMaxSat(s, softs);
    std::optional<Input> out;
    if (ms.result.isSat() && ms.falsified.size() < softs.size()) {
      std::vector<Term> keep;
      for (size_t i = 0; i < softs.size(); ++i)
        if (!std::binary_search(ms.falsified.begin(), ms.falsified.end(), i))
          keep.push_back(softs[i].formula);
      if (s.check(keep, backends::Need::NoCore).isSat()) {
        try {
          encoder::Counterexample cx = encoder::extractCounterexample(enc, s, prog);
          out = Input{base_.entry,
                      cx.args,
                      cx.nondets,
                      cx.heap,
                      cx.input,
                      eo.expect,
                      std::max(eo.unwind, eo.unwindFloor)};
        } catch (const std::runtime_error &) {
        }
      }
    }
    stats_["counterexample_s"] += secondsSince(ts);
    return out;
  }
};

/// The int literals of an assignment's value that have source text (node indices, patch::nodeAt).
std::vector<uint32_t> literalsOf(const ir::Stmt &s) {
  std::vector<uint32_t> out;
  for (uint32_t k = 0;; ++k) {
    const ir::Expr *e = patch::nodeAt(s, k);
    if (!e)
      break;
    if (e->kind == ir::Expr::IntLit && e->type.isInt() && !e->type.isUnsigned() && e->range.valid())
      out.push_back(k);
  }
  return out;
}

/// The components of a diagnosis, or why it is skipped ("a guard", "not an assignment", …). `constants`:
/// for the constants pass (each component's literals are its unknowns; one without a literal is skipped).
std::optional<std::vector<Component>> componentsOf(const Problem &p, const ir::StmtIndex &index,
                                                   const std::vector<localize::Blame> &diagnosis,
                                                   bool constants, std::string &why) {
  std::vector<Component> out;
  std::set<ir::StmtId> seen;
  for (const localize::Blame &b : diagnosis) {
    if (seen.count(b.stmt))
      continue;
    const ir::Stmt *s = index.find(b.stmt);
    uint32_t proc = index.procOf(b.stmt);
    if (!s || proc == ir::kNone) {
      why = "a statement of another program (the reference)";
      return std::nullopt;
    }
    if (b.part != encoder::Part::Value) {
      why = b.part == encoder::Part::Target ? "where a statement writes" : "a guard";
      return std::nullopt;
    }
    if (s->kind != ir::Stmt::Assign) {
      why = "not an assignment";
      return std::nullopt;
    }
    Component c;
    c.proc = proc;
    c.stmts = copiesOf(p.prog, proc, *s);
    for (ir::StmtId id : c.stmts)
      seen.insert(id);
    const ir::Expr &v = s->value;
    if (v.type.isInt()) {
      c.type = v.type;
    } else if (v.type.kind == ir::Type::Bool) {
      c.condition = true;
      if (v.kind == ir::Expr::Binary && ir::isComparison(v.op) && v.args[0].type.isInt()) {
        c.type = v.args[0].type;
      } else { // the int type most renderable variables there have
        std::map<std::string, std::pair<size_t, ir::Type>> count;
        const ir::Procedure &pr = p.prog.procs.at(proc);
        for (const ir::Var &var : pr.vars)
          if (!var.temp && var.type.isInt() && !var.type.isUnsigned()) {
            auto &e = count[ir::toString(p.prog, var.type)];
            e.first++;
            e.second = var.type;
          }
        if (count.empty()) {
          why = "no int variable for a condition template";
          return std::nullopt;
        }
        auto best = std::max_element(count.begin(), count.end(), [](const auto &a, const auto &b) {
          return a.second.first < b.second.first;
        });
        c.type = best->second.second;
      }
    } else {
      why = "a value that is neither int nor bool";
      return std::nullopt;
    }
    if (c.type.isUnsigned()) {
      why = "an unsigned value";
      return std::nullopt;
    }
    if (!v.range.valid()) {
      why = "a value without source text (the lowering made it)";
      return std::nullopt;
    }
    if (constants) {
      c.holes = literalsOf(*s);
      if (c.holes.empty()) {
        why = "no int literal in the value";
        return std::nullopt;
      }
      for (uint32_t h : c.holes)
        c.original.push_back(patch::nodeAt(*s, h)->value);
      out.push_back(std::move(c));
      continue;
    }
    for (ir::VarRef v : renderableVars(p, proc, *s, c.type, c.condition))
      c.terms.push_back(ir::Expr::varUse(v, c.type));
    for (ir::Expr &e : elementReads(p, proc, *s, c.type, c.condition))
      c.terms.push_back(std::move(e));
    out.push_back(std::move(c));
  }
  return out;
}

class Template final : public Method {
public:
  const char *name() const override { return "template"; }
  const char *summary() const override {
    return "template-based repair (Konighofer & Bloem): the components of each mbd diagnosis become linear "
           "templates over the variables in scope, their coefficients found by counterexample-guided "
           "synthesis";
  }
  std::vector<repair::OptionDecl> options() const override {
    return {maxIterationsOption(), diagnosisSizeOption(), coefficientBoundOption(), seedOption(),
            constantsOption()};
  }

  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) {
      return search(p, templateOptionsOf(p.opts), finish.t0, deadlineOf(p.opts.timeoutMs), r, finish);
    });
  }

private:
  Result search(const Problem &p, const TemplateOptions &to, Clock::time_point t0,
                std::optional<Clock::time_point> deadline, Result &r, const Finish &finish) const {
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);

    // The diagnoses (a localization method that gives them: mbd, on the failing input), smallest first;
    // half the time at most.
    localize::Options lo;
    lo.solver = p.opts.solver;
    lo.procs = changeableProcs(p);
    lo.named = p.opts.named;
    lo.given.set(localize::kMaxSize, std::to_string(to.maxDiagnosisSize));
    if (deadline)
      lo.timeoutMs = std::max(1u, msLeft(deadline) / 2);
    lo.stop = stopWhen(p, lo.timeoutMs ? deadlineOf(lo.timeoutMs) : deadline);
    std::vector<repair::TestRun> noTests;
    const localize::Method *diagnoser = localize::findDiagnosisMethod();
    if (!diagnoser)
      return finish(Status::Error, "internal error: no localization method gives diagnoses");
    auto tl = Clock::now();
    localize::Result diag =
        localize::runStoppable(*diagnoser, localize::Problem{base.prog, *r.failure, noTests, lo});
    r.stats["localize_s"] = secondsSince(tl);
    if (diag.status == localize::Status::Error)
      return finish(Status::Error, std::string(diagnoser->name()) + ": " + diag.message);
    std::vector<std::vector<localize::Blame>> diagnoses = diag.sets;
    std::stable_sort(diagnoses.begin(), diagnoses.end(),
                     [](const auto &a, const auto &b) { return a.size() < b.size(); });
    r.stats["diagnoses"] = static_cast<double>(diagnoses.size());
    for (const char *k : {"cegis_rounds", "candidates_validated", "inputs", "counterexamples_large",
                          "solve_s", "validate_s", "counterexample_s", "unrenderable", "reverify_failed",
                          "unknown", "diagnoses_tried", "diagnoses_skipped", "template_vars",
                          "constant_diagnoses_tried", "plausible_refined", "found_again"})
      r.stats[k] = 0;

    ir::StmtIndex index(p.prog);
    bool stopped = diag.status == localize::Status::Unknown, allExhausted = diag.complete;
    std::string internal, skipped, lastMessage;
    std::vector<Repair> plausible; // passes the suite only: reported when no correct repair is found
    // The constants pass (unless --no-constants; not in the paper): each diagnosis whose values all have int
    // literals, with those literals as the only unknowns (`t > 60` → `t > 40` where `t` is a call's result,
    // which no linear template can read), in at most half the time left; then the paper's linear templates.
    for (bool constants : {true, false}) {
      if (constants && !to.constants)
        continue;
      std::optional<Clock::time_point> passDeadline = deadline;
      if (constants && deadline)
        passDeadline = Clock::now() + (*deadline - Clock::now()) / 2;
      for (const std::vector<localize::Blame> &d : diagnoses) {
        if (stopNow(p, passDeadline)) {
          stopped = !constants || stopNow(p, deadline);
          break;
        }
        std::string why;
        std::optional<std::vector<Component>> comps = componentsOf(p, index, d, constants, why);
        if (!comps) {
          if (constants)
            continue; // the linear pass tries it (or counts it skipped)
          r.stats["diagnoses_skipped"] += 1;
          if (skipped.empty())
            skipped = why;
          allExhausted = false;
          continue;
        }
        r.stats[constants ? "constant_diagnoses_tried" : "diagnoses_tried"] += 1;
        for (const Component &c : *comps)
          r.stats["template_vars"] += static_cast<double>(constants ? c.holes.size() : c.terms.size());
        Search s(p, to, base, std::move(*comps), passDeadline, r.stats, plausible);
        std::string msg;
        Search::Outcome o = s.run({inputOf(*r.failure)}, r.repairs, t0, msg);
        if (internal.empty())
          internal = s.internal;
        if (o == Search::Outcome::Error)
          return finish(Status::Error, msg);
        if (!msg.empty() && !constants)
          lastMessage = msg;
        if (o == Search::Outcome::Enough)
          break;
        if (o == Search::Outcome::Stopped && !constants) {
          stopped = true;
          allExhausted = false;
          if (deadline && Clock::now() >= *deadline)
            break;
        }
        if (o == Search::Outcome::Rounds && !constants)
          allExhausted = false;
      }
      if (r.repairs.size() >= p.opts.maxRepairs || (p.observer && p.observer->cancelled())) {
        allExhausted = false;
        stopped = stopped || r.repairs.empty();
        break;
      }
    }
    if (r.repairs.empty()) // no correct repair: the plausible ones, in the order found
      for (Repair &x : plausible)
        if (r.repairs.size() < p.opts.maxRepairs) {
          if (p.observer)
            p.observer->repaired(x);
          r.repairs.push_back(std::move(x));
        }
    bool undecided = r.stats["unknown"] > 0; // candidates validation could not decide (blocked)
    r.complete = allExhausted && !stopped && !undecided;
    if (r.stats["reverify_failed"] > 0)
      return finish(Status::Error,
                    "internal error: a repair did not re-verify from its patched source: " + internal);
    if (!r.repairs.empty())
      return finish(Status::Repaired);
    if (stopped)
      return finish(Status::Unknown,
                    stopReason(p, lastMessage.empty() ? "the time limit ran out before a repair was found"
                                                      : lastMessage));
    if (undecided)
      return finish(Status::Unknown, std::to_string(static_cast<size_t>(r.stats["unknown"])) +
                                         " candidates could not be decided");
    std::string msg = "no linear template instance repairs any of the " + std::to_string(diagnoses.size()) +
                      " diagnos" + (diagnoses.size() == 1 ? "is" : "es") + " of size at most " +
                      std::to_string(to.maxDiagnosisSize);
    if (!r.complete)
      msg += " within " + std::to_string(to.maxIterations) + " rounds each";
    if (!skipped.empty())
      msg += " (" + std::to_string(static_cast<size_t>(r.stats["diagnoses_skipped"])) + " skipped: e.g. " +
             skipped + ")";
    return finish(Status::NotRepaired, msg);
  }
};

} // namespace

std::unique_ptr<Method> makeTemplate() {
  return std::make_unique<Template>();
}

} // namespace locus::fix
