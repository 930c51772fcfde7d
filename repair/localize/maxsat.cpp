// BugAssist (Jose & Majumdar), with Jin & Orso's clause weighting: the failing run's formula with its inputs
// and "every check passes" hard, one soft selector per statement part; the minimal correction sets
// (CoMSSs), cheapest first, are the explanations.
#include "repair/localize/encoding.h"
#include "repair/localize/methods.h"

#include <chrono>

namespace locus::localize {

namespace {

class MaxSat final : public Method {
public:
  const char *name() const override { return "maxsat"; }
  bool traceFormula() const override { return true; }
  const char *summary() const override {
    return "BugAssist: minimal correction sets of the failing run's formula (--weights ochiai: clause "
           "weighting)";
  }
  std::vector<repair::OptionDecl> options() const override {
    return {weightsOption(), partsOption(), maxSizeOption(), maxSetsOption()};
  }
  std::string describe(const Problem &p) const override {
    return formulaDescription(withOwnDefaults(*this, p).opts);
  }
  Result run(const Problem &given) const override {
    const Problem p = withOwnDefaults(*this, given); // --parts: this method's default
    Weights weights = weightsOf(p.opts);
    SetLimits limits = setLimitsOf(p.opts);
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    std::unique_ptr<RelaxedFailure> rf = relaxFailure(p);
    if (!rf->solver) {
      r.status = Status::Error;
      r.message = rf->error;
      return r;
    }
    backends::Solver &s = *rf->solver;
    // the MCS enumeration makes many checks: --timeout bounds them together
    rf->limit(p.opts.timeoutMs, p.opts.timeoutMs ? std::optional(std::chrono::steady_clock::now() +
                                                                 std::chrono::milliseconds(p.opts.timeoutMs))
                                                 : std::nullopt);
    if (weights != Weights::Uniform && p.tests.empty())
      r.message = "no declared tests: the " + repair::enumName(weightsOption(), weights) +
                  " weights see the failing run only";
    // The encoding must fail like the interpreter's run: every selector enforced, the checks cannot pass.
    backends::Result all = s.check(rf->selectors);
    r.stats["selectors"] = static_cast<double>(rf->selectors.size());
    r.stats["steps"] = static_cast<double>(rf->enc.steps.size());
    if (all.isUnknown()) {
      r.status = Status::Unknown;
      r.message = std::string("the solver gave no answer: ") + backends::reasonName(all.reason);
      return r;
    }
    if (all.isSat()) {
      r.status = Status::Error;
      r.message = "internal: the encoding of the failing run passes every check";
      return r;
    }
    FailureSets m = enumerateSets(p, *rf, limits);
    if (rf->targets) // value+target: the second stage's encoding was made
      r.stats["target_steps"] = static_cast<double>(rf->targets->enc.steps.size());
    r.sets = m.sets;
    r.setCosts = m.costs;
    r.complete = m.complete;
    r.costsWeighted = weights != Weights::Uniform;
    if (r.sets.empty() && r.complete)
      r.noBlame = noSetExplains(limits);
    auto [checks, solveSeconds] = rf->solverWork();
    r.stats["checks"] = checks;
    r.stats["solve_s"] = solveSeconds;
    if (m.result.isUnknown() && m.result.reason != backends::UnknownReason::Other) {
      r.status = Status::Unknown;
      r.message = std::string("stopped early: ") + backends::reasonName(m.result.reason);
    }
    r.ranking = rankBySets(p.prog, r.sets, m.rankCosts);
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makeMaxSat() {
  return std::make_unique<MaxSat>();
}

} // namespace locus::localize
