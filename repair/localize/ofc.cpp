// On-demand formula computation (Jin & Orso, "Improving Efficiency and Scalability of Formula-based
// Debugging"): BugAssist's correction sets over a partial program that grows from the failing run. Each
// iteration encodes the statements of the runs explored so far (the others are skips), enumerates the
// CoMSSs, and for every conditional in a CoMSS with a branch no explored run took, re-runs the same inputs
// forcing that branch (the interpreter's branch-forcing hook) and adds the new run's statements. It stops
// when no CoMSS conditional has an unvisited branch and reports the last iteration's sets. `--method ofc`.
#include "repair/localize/encoding.h"
#include "repair/localize/methods.h"

#include "ir/analysis.h"

#include <chrono>
#include <map>

namespace locus::localize {

namespace {

using Clock = std::chrono::steady_clock;

/// An explored run: the branches forced to get it and its outcome.
struct Explored {
  std::vector<ir::ForcedBranch> forced;
  ir::Outcome run;
};

/// Where a branch (a conditional and the value it stored) was first taken.
struct FirstTaken {
  size_t run = 0;
  size_t step = 0; ///< index into that run's trace
};

/// The else-guards: `b1 := not b0` decides the same branch as the conditional that assigned b0 last before
/// it (in program order, in its procedure); flipping that one is the source-level flip.
std::map<ir::StmtId, ir::StmtId> elseGuards(const ir::Program &prog,
                                            const std::unordered_set<ir::StmtId> &conds) {
  std::map<ir::StmtId, ir::StmtId> out;
  for (const ir::Procedure &p : prog.procs) {
    std::map<ir::VarRef, ir::StmtId> last; // variable → the conditional that assigned it last
    ir::forEachStmt(p.body, [&](const ir::Stmt &s) {
      if (!conds.count(s.id))
        return;
      const ir::Expr &v = s.value;
      if (v.kind == ir::Expr::Unary && v.op == ir::Op::Not && v.args.size() == 1 &&
          v.args[0].kind == ir::Expr::VarUse) {
        auto it = last.find(v.args[0].var);
        if (it != last.end()) {
          out.emplace(s.id, it->second);
          return;
        }
      }
      last[s.lhs] = s.id;
    });
  }
  return out;
}

class Ofc final : public Method {
public:
  const char *name() const override { return "ofc"; }
  bool traceFormula() const override { return true; }
  const char *summary() const override {
    return "on-demand formulas (Jin & Orso): maxsat's correction sets over the failing run's statements, "
           "grown by the branches of conditionals in the sets (--weights ochiai: OFC + CW)";
  }
  std::vector<repair::OptionDecl> options() const override {
    return {weightsOption(), partsOption(Parts::ValueTargetShared), maxSizeOption(), maxSetsOption()};
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
    auto t0 = Clock::now();
    auto remainingMs = [&]() -> unsigned {
      if (p.opts.timeoutMs == 0)
        return 0;
      double used = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      return used >= p.opts.timeoutMs ? 1u : static_cast<unsigned>(p.opts.timeoutMs - used);
    };
    if (weights != Weights::Uniform && p.tests.empty())
      r.message = "no declared tests: the " + repair::enumName(weightsOption(), weights) +
                  " weights see the failing run only";
    std::unordered_set<ir::StmtId> conds = ir::conditionals(p.prog);
    std::map<ir::StmtId, ir::StmtId> elses = elseGuards(p.prog, conds);
    std::vector<Explored> runs{{{}, p.failure.run}};
    std::unordered_set<ir::StmtId> encoded;
    std::map<std::pair<ir::StmtId, bool>, FirstTaken> taken;
    auto explore = [&](size_t k) {
      const ir::Outcome &o = runs[k].run;
      encoded.insert(o.covered.begin(), o.covered.end());
      for (size_t i = 0; i < o.trace.size(); ++i) {
        const ir::TraceStep &t = o.trace[i];
        encoded.insert(t.stmt);
        if (conds.count(t.stmt) && t.write && t.write->value.kind == ir::Type::Bool)
          taken.try_emplace({t.stmt, !t.write->value.i.isZero()}, FirstTaken{k, i});
      }
    };
    explore(0);
    // Every conditional in a set with a branch no explored run took: the same inputs, that branch forced
    // where the run that first took the other one reached it. Whether a run was added.
    auto grow = [&](const std::vector<std::vector<Blame>> &sets) {
      size_t before = runs.size();
      for (const std::vector<Blame> &set : sets)
        for (const Blame &b : set) {
          if (!conds.count(b.stmt))
            continue;
          ir::StmtId cond = elses.count(b.stmt) ? elses.at(b.stmt) : b.stmt; // an else-guard: its `if`
          for (bool value : {false, true}) {
            if (taken.count({cond, value}))
              continue;
            auto other = taken.find({cond, !value});
            if (other == taken.end())
              continue; // not run at all: not part of the partial program
            const Explored &from = runs[other->second.run];
            const ir::TraceStep &at = from.run.trace[other->second.step];
            Explored next;
            next.forced = from.forced;
            next.forced.push_back(ir::ForcedBranch{cond, from.run.contexts.path(at.context)});
            next.run = forcedRun(p, next.forced);
            runs.push_back(std::move(next));
            explore(runs.size() - 1);
            // forced, so taken even if the run stopped before recording it (an error, a limit)
            taken.try_emplace({cond, value}, FirstTaken{runs.size() - 1, 0});
          }
        }
      return runs.size() != before;
    };
    double solve = 0, checks = 0, selectors = 0;
    std::vector<uint64_t> rankCosts; // the sets' ranking keys (FailureSets::rankCosts)
    size_t iterations = 0;
    auto stoppedBy = [](const FailureSets &m) {
      return m.result.isUnknown() && m.result.reason != backends::UnknownReason::Other;
    };
    while (true) {
      ++iterations;
      std::unique_ptr<RelaxedFailure> rf = relaxFailure(p, encoded);
      if (!rf->solver) {
        r.status = Status::Error;
        r.message = rf->error;
        return r;
      }
      backends::Solver &s = *rf->solver;
      // the MCS enumeration below makes many checks: one budget for the method
      rf->limit(remainingMs(), p.opts.timeoutMs
                                   ? std::optional(t0 + std::chrono::milliseconds(p.opts.timeoutMs))
                                   : std::nullopt);
      auto account = [&] {
        auto [used, seconds] = rf->solverWork();
        checks += used;
        solve += seconds;
      };
      backends::Result all = s.check(rf->selectors);
      selectors = static_cast<double>(rf->selectors.size());
      if (all.isSat()) {
        r.status = Status::Error;
        r.message = "internal: the encoding of the explored runs passes every check";
        return r;
      }
      // With --parts value+target (rf->staged) the program grows from the values' sets (the first stage)
      // alone; the second stage, the sets that need a target moved, runs on the iteration whose values'
      // sets add no branch, so that the encoding with targets is made once (again only when its sets add
      // one).
      FailureSets m;
      if (all.isUnsat())
        m = enumerateValueSets(p, *rf, limits);
      else
        m.result = all;
      account();
      if (stoppedBy(m) && iterations > 1) {
        // out of time: the last complete iteration's sets stand
        r.status = Status::Unknown;
        r.message = std::string("stopped early: ") + backends::reasonName(m.result.reason) + " (iteration " +
                    std::to_string(iterations) + "; the sets of iteration " + std::to_string(iterations - 1) +
                    ")";
        --iterations;
        break;
      }
      auto take = [&](const FailureSets &sets) {
        r.sets = sets.sets;
        r.setCosts = sets.costs;
        rankCosts = sets.rankCosts;
        r.complete = sets.complete;
      };
      take(m);
      r.stats["steps"] = static_cast<double>(rf->enc.steps.size());
      if (stoppedBy(m)) {
        r.status = Status::Unknown;
        r.message = std::string("stopped early: ") + backends::reasonName(m.result.reason);
        break;
      }
      if (grow(r.sets))
        continue;
      if (!rf->staged)
        break;
      auto [before, beforeSeconds] = rf->solverWork();
      m = addTargetSets(p, *rf, limits, std::move(m));
      auto [after, afterSeconds] = rf->solverWork();
      checks += after - before;
      solve += afterSeconds - beforeSeconds;
      take(m);
      if (rf->targets)
        r.stats["target_steps"] = static_cast<double>(rf->targets->enc.steps.size());
      if (stoppedBy(m)) {
        // out of time in the second stage: the values' sets of this iteration and the targets' found
        r.status = Status::Unknown;
        r.message = std::string("stopped early: ") + backends::reasonName(m.result.reason) +
                    " (the sets that need a target moved: those found)";
        break;
      }
      if (!grow(r.sets))
        break;
    }
    r.stats["iterations"] = static_cast<double>(iterations);
    r.stats["paths"] = static_cast<double>(runs.size());
    r.stats["encoded_statements"] = static_cast<double>(encoded.size());
    r.stats["selectors"] = selectors;
    r.stats["checks"] = checks;
    r.stats["solve_s"] = solve;
    r.ranking = rankBySets(p.prog, r.sets, rankCosts);
    r.costsWeighted = weights != Weights::Uniform;
    if (r.sets.empty() && r.complete)
      r.noBlame = noSetExplains(limits);
    return r;
  }

private:
  /// The failing inputs again, with `forced` branches flipped (nondet values beyond the recorded ones are
  /// drawn from a fixed seed: a new path may ask for more).
  static ir::Outcome forcedRun(const Problem &p, const std::vector<ir::ForcedBranch> &forced) {
    ir::InterpOptions io;
    io.ints = p.failure.ints;
    io.nondetValues = p.failure.nondets;
    io.initialHeap = p.failure.heap;
    io.seed = 0;
    io.recordCoverage = true;
    io.stepLimit = 200'000;
    io.forcedBranches = forced;
    return ir::Interpreter(p.prog, io).run(p.failure.entry, p.failure.args);
  }
};

} // namespace

std::unique_ptr<Method> makeOfc() {
  return std::make_unique<Ofc>();
}

} // namespace locus::localize
