// The relaxable encoding of a failure, and the weights of its soft clauses.
#include "repair/localize/encoding.h"

#include "backends/encoder/verify.h"

#include "ir/analysis.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace locus::localize {

encoder::EncodeOptions failureEncodeOptions(const Problem &p,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only) {
  encoder::EncodeOptions eo = failureEncodeOptions(p.failure, p.opts, only);
  eo.relaxStmts = blamableStatements(p.prog, p.opts); // one set of candidates for every method
  // They name the candidates wherever they run: a global's initializer runs in main, which may not be code
  // under test (every other candidate is a statement of a procedure of opts.procs).
  eo.relaxProcs.reset();
  return eo;
}

encoder::EncodeOptions failureEncodeOptions(const repair::Failure &f, const Options &opts,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only) {
  encoder::EncodeOptions eo;
  eo.unwind = f.unwind;
  eo.unwindFloor = f.unwind; // the run must fit, whatever the loops' own `unwind K` say
  eo.ints = f.ints;
  eo.fixedArgs = f.args;
  eo.fixedNondets = f.nondets;
  eo.fixedHeap = f.heap;
  eo.fixedInput = f.input;
  eo.expect = f.expect;
  eo.relaxValues = true;
  eo.relaxGuards = relaxesGuards(partsOf(opts));
  eo.relaxTargets = relaxesTargets(partsOf(opts));
  eo.shareTargetSelector = partsOf(opts) == Parts::ValueTargetShared;
  eo.onlyStmts = only;
  eo.havocOutside = only.has_value(); // unexplored code: its effect unknown
  eo.relaxProcs = opts.procs;
  eo.namedProcs = opts.named;
  eo.stop = opts.stop;
  return encoder::referenceComparison(eo, opts.solver);
}

std::string unsupportedSpec(const Problem &p) {
  encoder::EncodeOptions spec;
  spec.expect = p.failure.expect;
  spec = encoder::referenceComparison(spec, p.opts.solver);
  return encoder::unsupportedSpec(p.prog, p.failure.entry, spec, p.opts.solver);
}

void RelaxedFailure::limit(unsigned timeout, std::optional<std::chrono::steady_clock::time_point> until) {
  timeoutMs = timeout;
  deadline = until;
  for (RelaxedFailure *r = this; r && r->solver; r = r->targets.get()) {
    r->solver->setTimeout(timeout);
    r->solver->setDeadline(until);
  }
}

std::pair<double, double> RelaxedFailure::solverWork() const {
  std::pair<double, double> work{0, 0};
  for (const RelaxedFailure *r = this; r && r->solver; r = r->targets.get()) {
    work.first += static_cast<double>(r->solver->stats().checks);
    work.second += r->solver->stats().solveSeconds + r->solver->stats().assertSeconds;
  }
  return work;
}

namespace {

/// relaxFailure with targets relaxed as `targets` says (false: as --parts value, whatever opts say).
std::unique_ptr<RelaxedFailure>
relaxFailure(const Problem &p, const std::optional<std::unordered_set<ir::StmtId>> &only, bool targets) {
  auto rf = std::make_unique<RelaxedFailure>();
  rf->only = only;
  if (std::string why = unsupportedSpec(p); !why.empty()) {
    rf->error = why;
    return rf;
  }
  backends::MakeSolverResult made = backends::makeSolver(p.opts.solver, rf->tm);
  if (!made) {
    rf->error = made.error;
    return rf;
  }
  rf->solver = std::move(made.solver);
  const repair::Failure &f = p.failure;
  encoder::EncodeOptions eo = failureEncodeOptions(p, only);
  if (!targets)
    eo.relaxTargets = eo.shareTargetSelector = false;
  rf->enc = encoder::encode(p.prog, f.entry, rf->tm, eo);
  rf->enc.assertTo(*rf->solver, true);
  rf->solver->assertFormula(rf->tm.mkNot(rf->enc.realFailure));
  rf->solver->assertFormula(rf->tm.mkNot(rf->enc.boundFailure));
  rf->selectors = rf->enc.selectors();
  for (const encoder::Step &s : rf->enc.steps)
    if (!s.selector.isNull())
      rf->blameOf.emplace(s.selector.id, Blame{s.stmt, s.part});
  return rf;
}

} // namespace

std::unique_ptr<RelaxedFailure> relaxFailure(const Problem &p,
                                             const std::optional<std::unordered_set<ir::StmtId>> &only) {
  // value+target: the first stage's encoding now, the second's when that stage starts (relaxTargets), so
  // that the values' checks have the time the encoding with targets would take
  bool staged = partsOf(p.opts) == Parts::ValueTargetShared;
  std::unique_ptr<RelaxedFailure> rf = relaxFailure(p, only, !staged);
  rf->staged = staged;
  return rf;
}

RelaxedFailure *relaxTargets(const Problem &p, RelaxedFailure &rf) {
  if (!rf.staged)
    return nullptr;
  if (!rf.targets) {
    rf.targets = relaxFailure(p, rf.only, true);
    if (!rf.targets->solver) {
      rf.error = rf.targets->error;
      rf.targets.reset();
      return nullptr;
    }
    rf.targets->limit(rf.timeoutMs, rf.deadline);
  }
  return rf.targets.get();
}

namespace {

/// The branches of the conditionals (ir::conditionals) of `prog`: per conditional, the statements of each of
/// its two directions — those whose guard reads its variable, the body of the loop it decides (true); those
/// of its else-guard `b1 := not b0` (false). A run covers a direction when it runs one of them.
std::map<ir::StmtId, std::array<std::vector<ir::StmtId>, 2>> branchesOf(const ir::Program &prog) {
  std::unordered_set<ir::StmtId> conds = ir::conditionals(prog);
  std::map<ir::StmtId, std::array<std::vector<ir::StmtId>, 2>> out;
  for (const ir::Procedure &p : prog.procs) {
    std::map<ir::VarRef, std::vector<ir::StmtId>> condsOf;    // variable → the conditionals assigning it
    std::map<ir::VarRef, std::vector<ir::StmtId>> taken;      // variable → the statements it lets run
    std::vector<std::pair<ir::StmtId, ir::VarRef>> negations; // `b1 := not b0`: b1's conditional, b0
    ir::forEachStmt(p.body, [&](const ir::Stmt &s) {
      if (conds.count(s.id)) {
        condsOf[s.lhs].push_back(s.id);
        if (s.value.kind == ir::Expr::Unary && s.value.op == ir::Op::Not && s.value.args.size() == 1 &&
            s.value.args[0].kind == ir::Expr::VarUse)
          negations.push_back({s.id, s.value.args[0].var});
      }
      if (s.guard.kind == ir::Expr::VarUse)
        taken[s.guard.var].push_back(s.id);
      if (s.kind == ir::Stmt::While && s.value.kind == ir::Expr::VarUse)
        for (const ir::Stmt &b : s.body)
          taken[s.value.var].push_back(b.id);
    });
    for (auto &[v, ids] : condsOf)
      for (ir::StmtId c : ids)
        out[c][0] = taken[v];
    for (auto &[negation, v] : negations)
      for (ir::StmtId c : condsOf[v])
        out[c][1] = out[negation][0];
  }
  return out;
}

/// A D* value (0 … ∞) as a suspiciousness in [0, 1): d / (1 + d), the same order.
double bounded(repair::Formula f, double susp) {
  return f == repair::Formula::DStar ? susp / (1 + susp) : susp;
}

} // namespace

std::vector<backends::SoftFormula> softSelectors(const Problem &p, const RelaxedFailure &rf) {
  std::vector<backends::SoftFormula> softs;
  Weights weights = weightsOf(p.opts);
  bool weighted = weights != Weights::Uniform;
  repair::Formula formula = weights == Weights::DStar ? repair::Formula::DStar : repair::Formula::Ochiai;
  repair::Spectrum sp;
  std::vector<const std::set<ir::StmtId> *> passing, failing; // the runs, for the branches' spectra
  std::map<ir::StmtId, std::array<std::vector<ir::StmtId>, 2>> branches;
  if (weighted) {
    sp = repair::spectrumOf(p.tests);
    for (const repair::TestRun &t : p.tests)
      if (t.passed() || t.failed())
        (t.failed() ? failing : passing).push_back(&t.outcome.covered);
    // The failure being explained is a failing run too, unless it is one of the tests already.
    bool isTest = p.failure.test.has_value() ||
                  std::any_of(p.tests.begin(), p.tests.end(), [&](const repair::TestRun &t) {
                    return t.proc == p.failure.entry && p.failure.args.empty() && !p.failure.expect.any();
                  });
    if (!isTest) {
      sp.add(p.failure.run.covered, true);
      failing.push_back(&p.failure.run.covered);
    }
    branches = branchesOf(p.prog);
  }
  // A statement's suspiciousness: its own, and for a conditional the larger of its branches' (Jin & Orso
  // weigh guard clauses by branch coverage): a direction is one more entity of the spectrum.
  auto suspOf = [&](ir::StmtId id) {
    double best = bounded(formula, repair::suspiciousness(formula, sp, id));
    auto it = branches.find(id);
    if (it == branches.end())
      return best;
    for (const std::vector<ir::StmtId> &dir : it->second) {
      if (dir.empty())
        continue;
      auto covers = [&](const std::set<ir::StmtId> *run) {
        return std::any_of(dir.begin(), dir.end(), [&](ir::StmtId t) { return run->count(t) != 0; });
      };
      repair::Spectrum one;
      one.totalPassed = static_cast<unsigned>(passing.size());
      one.totalFailed = static_cast<unsigned>(failing.size());
      repair::Spectrum::Counts &c = one.counts[id];
      c.passed = static_cast<unsigned>(std::count_if(passing.begin(), passing.end(), covers));
      c.failed = static_cast<unsigned>(std::count_if(failing.begin(), failing.end(), covers));
      best = std::max(best, bounded(formula, repair::suspiciousness(formula, one, id)));
    }
    return best;
  };
  constexpr double kScale = 100;
  constexpr uint64_t kLargest = 100'000'000; // statements no failing run executes (suspiciousness 0)
  std::map<ir::StmtId, uint64_t> weightOf;
  for (backends::Term sel : rf.selectors) {
    uint64_t w = 1;
    if (weighted) {
      ir::StmtId id = rf.blameOf.at(sel.id).stmt;
      auto [it, fresh] = weightOf.try_emplace(id, 0);
      if (fresh) {
        double susp = suspOf(id);
        it->second =
            susp <= 0 ? kLargest
                      : std::min<uint64_t>(kLargest - 1, static_cast<uint64_t>(std::llround(kScale / susp)));
      }
      w = it->second;
    }
    softs.push_back({sel, std::max<uint64_t>(w, 1)});
  }
  return softs;
}

namespace {

/// One enumeration on `rf` with `block` (sets of blames) blocked: at least one part of each stays.
backends::McsResult enumerateOn(const Problem &p, RelaxedFailure &rf, const SetLimits &limits,
                                const std::vector<std::vector<Blame>> &block) {
  backends::Solver &s = *rf.solver;
  std::vector<backends::SoftFormula> softs = softSelectors(p, rf);
  backends::McsOptions mo;
  mo.maxSize = limits.maxSize;
  mo.limit = limits.maxSets;
  std::map<std::pair<ir::StmtId, encoder::Part>, backends::Term> selectorOf;
  for (backends::Term sel : rf.selectors) {
    const Blame &b = rf.blameOf.at(sel.id);
    selectorOf.emplace(std::make_pair(b.stmt, b.part), sel);
  }
  s.push();
  for (const std::vector<Blame> &set : block) {
    std::vector<backends::Term> keep;
    for (const Blame &b : set)
      if (auto it = selectorOf.find({b.stmt, b.part}); it != selectorOf.end())
        keep.push_back(it->second);
    if (!keep.empty()) // (every part of a set of values has its selector in the encoding with targets)
      s.assertFormula(rf.tm.mkOr(keep));
  }
  backends::McsResult m = backends::enumerateMcs(s, softs, mo);
  s.pop();
  return m;
}

std::vector<Blame> blamesOf(const RelaxedFailure &rf, const backends::Mcs &set) {
  std::vector<Blame> blames;
  for (size_t i : set.indices)
    blames.push_back(rf.blameOf.at(rf.selectors[i].id));
  return blames;
}

bool stoppedBySolver(const backends::Result &r) {
  return r.isUnknown() && r.reason != backends::UnknownReason::Other;
}

} // namespace

FailureSets enumerateValueSets(const Problem &p, RelaxedFailure &rf, const SetLimits &limits) {
  FailureSets out;
  backends::McsResult m = enumerateOn(p, rf, limits, {});
  for (const backends::Mcs &set : m.sets) {
    out.sets.push_back(blamesOf(rf, set));
    out.costs.push_back(set.cost);
    out.rankCosts.push_back(rf.staged ? 2 * set.cost : set.cost);
  }
  out.result = m.result;
  out.complete = m.complete;
  return out;
}

FailureSets addTargetSets(const Problem &p, RelaxedFailure &rf, const SetLimits &limits, FailureSets values) {
  if (!rf.staged || stoppedBySolver(values.result) ||
      (values.sets.size() == 1 && values.sets[0].empty())) // the failure needs no change: nothing to add
    return values;
  RelaxedFailure *withTargets = relaxTargets(p, rf);
  if (!withTargets) {
    values.result = backends::Result::unknown(backends::UnknownReason::Other, rf.error);
    values.complete = false;
    return values;
  }
  // Stage 2: the targets free, the sets of stage 1 and their supersets blocked.
  backends::McsResult targets = enumerateOn(p, *withTargets, limits, values.sets);
  // Merged by (cost, stage), cut after the group in which the limit is reached: each stage completed its
  // own last cost class past the limit and has at least `limit` sets up to it when it stopped there, so
  // no set of an earlier group is missing.
  struct Entry {
    uint64_t key;
    std::vector<Blame> blames;
    uint64_t cost;
  };
  std::vector<Entry> merged;
  for (size_t k = 0; k < values.sets.size(); ++k)
    merged.push_back({values.rankCosts[k], std::move(values.sets[k]), values.costs[k]});
  for (const backends::Mcs &set : targets.sets)
    merged.push_back({2 * set.cost + 1, blamesOf(*withTargets, set), set.cost});
  std::stable_sort(merged.begin(), merged.end(),
                   [](const Entry &a, const Entry &b) { return a.key < b.key; });
  size_t keep = merged.size();
  if (limits.maxSets < merged.size()) {
    keep = limits.maxSets;
    while (keep > 0 && keep < merged.size() && merged[keep].key == merged[keep - 1].key)
      ++keep;
  }
  FailureSets out;
  for (size_t k = 0; k < keep; ++k) {
    out.sets.push_back(std::move(merged[k].blames));
    out.costs.push_back(merged[k].cost);
    out.rankCosts.push_back(merged[k].key);
  }
  out.complete = values.complete && targets.complete && keep == merged.size();
  if (stoppedBySolver(targets.result))
    out.result = targets.result;
  else if (!out.complete)
    out.result = backends::Result::unknown(backends::UnknownReason::Other, "limit");
  else
    out.result = out.sets.empty() ? backends::Result::unsat() : backends::Result::sat();
  return out;
}

FailureSets enumerateSets(const Problem &p, RelaxedFailure &rf, const SetLimits &limits) {
  return addTargetSets(p, rf, limits, enumerateValueSets(p, rf, limits));
}

std::string formulaDescription(const Options &opts) {
  // the parts as given ("guard,value" stays as the user wrote it)
  return repair::enumName(weightsOption(), weightsOf(opts)) +
         " weights, parts: " + repair::valueText(partsOption(), opts.given);
}

std::string noSetExplains(const SetLimits &limits) {
  return "no set of at most " + std::to_string(limits.maxSize) +
         " statement parts explains the failure (raise --max-size, relax more with --parts "
         "value,guard,target, or widen --procs)";
}

} // namespace locus::localize
