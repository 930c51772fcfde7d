// The relaxable encoding of a failure, and the weights of its soft clauses.
#include "repair/localize/encoding.h"

#include "backends/encoder/verify.h"

#include <algorithm>
#include <cmath>

namespace locus::localize {

encoder::EncodeOptions failureEncodeOptions(const Problem &p,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only) {
  return failureEncodeOptions(p.failure, p.opts, only);
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
  eo.relaxGuards = partsOf(opts) == Parts::ValueGuard;
  eo.onlyStmts = only;
  eo.havocOutside = only.has_value(); // unexplored code: its effect unknown
  eo.relaxProcs = opts.procs;
  eo.namedProcs = opts.named;
  return eo;
}

std::string unsupportedSpec(const Problem &p) {
  encoder::EncodeOptions spec;
  spec.expect = p.failure.expect;
  return encoder::unsupportedSpec(spec, p.opts.solver);
}

std::unique_ptr<RelaxedFailure> relaxFailure(const Problem &p,
                                             const std::optional<std::unordered_set<ir::StmtId>> &only) {
  auto rf = std::make_unique<RelaxedFailure>();
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
  rf->enc = encoder::encode(p.prog, f.entry, rf->tm, failureEncodeOptions(p, only));
  rf->enc.assertTo(*rf->solver, true);
  rf->solver->assertFormula(rf->tm.mkNot(rf->enc.realFailure));
  rf->solver->assertFormula(rf->tm.mkNot(rf->enc.boundFailure));
  rf->selectors = rf->enc.selectors();
  for (const encoder::Step &s : rf->enc.steps)
    if (!s.selector.isNull())
      rf->blameOf.emplace(s.selector.id, Blame{s.stmt, s.part});
  return rf;
}

std::vector<backends::SoftFormula> softSelectors(const Problem &p, const RelaxedFailure &rf) {
  std::vector<backends::SoftFormula> softs;
  bool weighted = weightsOf(p.opts) == Weights::Ochiai;
  repair::Spectrum sp;
  if (weighted) {
    sp = repair::spectrumOf(p.tests);
    // The failure being explained is a failing run too, unless it is one of the tests already.
    bool isTest = p.failure.test.has_value() ||
                  std::any_of(p.tests.begin(), p.tests.end(), [&](const repair::TestRun &t) {
                    return t.proc == p.failure.entry && p.failure.args.empty() && !p.failure.expect.any();
                  });
    if (!isTest)
      sp.add(p.failure.run.covered, true);
  }
  constexpr double kScale = 100;
  constexpr uint64_t kLargest = 100'000'000; // statements no failing run executes (suspiciousness 0)
  for (backends::Term sel : rf.selectors) {
    uint64_t w = 1;
    if (weighted) {
      double susp = repair::suspiciousness(repair::Formula::Ochiai, sp, rf.blameOf.at(sel.id).stmt);
      w = susp <= 0 ? kLargest
                    : std::min<uint64_t>(kLargest - 1, static_cast<uint64_t>(std::llround(kScale / susp)));
    }
    softs.push_back({sel, std::max<uint64_t>(w, 1)});
  }
  return softs;
}

std::string formulaDescription(const Options &opts) {
  // the parts as given ("guard,value" stays as the user wrote it)
  return repair::enumName(weightsOption(), weightsOf(opts)) +
         " weights, parts: " + repair::valueText(partsOption(), opts.given);
}

std::string noSetExplains(const SetLimits &limits) {
  return "no set of at most " + std::to_string(limits.maxSize) +
         " statement parts explains the failure (raise --max-size, relax more with --parts value,guard, or "
         "widen --procs)";
}

} // namespace locus::localize
