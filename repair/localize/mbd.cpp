// Model-based diagnosis (Könighofer & Bloem, "Automated Error Localization and Correction for Imperative
// Programs"): the components are the statements' values (assignment right-hand sides; conditions are the
// values of their condition variables); a set J of failing inputs, each encoded with its own copy of the
// values a relaxed component computes; repairable'(Q) = the encodings of J with the components of Q
// enforced pass every check. Conflicts (sets that cannot all be correct) come from unsat cores over the
// components' selectors; the minimal diagnoses are the minimal hitting sets of the conflicts, enumerated by
// increasing cardinality. `--method mbd`.
//
// Algorithm: conflict-driven hitting sets. The conflicts found so far, K, start empty; for k = 0, 1, …,
// max-size: every minimal hitting set H of K with k elements (hitting.h) not yet known to be a diagnosis is
// checked — repairable'(CMP \ H), one satisfiability check assuming the selectors outside H. Sat: H is a
// minimal diagnosis (a proper subset of H misses some conflict, so it is none). Unsat: the core, minimized,
// is a new conflict disjoint from H; it joins K and the hitting sets of size k are recomputed. When no
// unchecked one is left, every minimal diagnosis of size k has been found (one of size k hits every
// conflict, and its proper subsets, no diagnoses, were refuted by conflicts it hits, so it is a minimal
// hitting set of K). This is Reiter's HS-tree with the conflicts computed where the tree needs them and
// minimal (so no Greiner correction is needed); we chose it over an incremental MCS enumeration (what
// maxsat does) because the conflicts are the paper's diagnostic evidence, each check is a plain check with
// assumptions, and the diagnoses come in cardinality order with the conflicts that prove them minimal.
#include "repair/localize/encoding.h"
#include "repair/localize/hitting.h"
#include "repair/localize/methods.h"

#include "backends/core.h"
#include "ir/analysis.h"

#include <algorithm>
#include <chrono>

namespace locus::localize {

namespace {

/// --components: every statement value (the default), or the assignments only.
repair::OptionDecl componentsOption() {
  return repair::enumOption<Components>(
      kComponents,
      "the components, assignments,conditions (every statement value) or assignments (the conditions of "
      "guards and loops stay)",
      {{"assignments", Components::Assignments},
       {"assignments,conditions", Components::AssignmentsConditions}},
      Components::AssignmentsConditions, {{"conditions,assignments", Components::AssignmentsConditions}});
}

using backends::Term;

/// The encodings of J on one solver: one relaxable encoding per failing input, hard "every check passes",
/// the selectors shared (the same statement is one component in every copy).
struct Joint {
  backends::TermManager tm;
  std::unique_ptr<backends::Solver> solver;
  std::vector<Term> components; ///< the retractable selectors, in order of first use
  std::vector<Blame> blames;    ///< per component
  std::vector<Term> fixed;      ///< selectors that are not components (always enforced)
  size_t steps = 0;
  std::string error;
};

std::unique_ptr<Joint> encodeJoint(const Problem &p, const std::vector<const repair::Failure *> &failures,
                                   bool cores) {
  auto j = std::make_unique<Joint>();
  for (const repair::Failure *f : failures) {
    Problem one{p.prog, *f, p.tests, p.opts};
    if (std::string why = unsupportedSpec(one); !why.empty()) {
      j->error = why;
      return j;
    }
  }
  backends::SolverOptions so;
  so.cores = cores;
  backends::MakeSolverResult made = backends::makeSolver(p.opts.solver, j->tm, so);
  if (!made) {
    j->error = made.error;
    return j;
  }
  j->solver = std::move(made.solver);
  bool conditions =
      repair::enumValue<Components>(componentsOption(), p.opts.given) == Components::AssignmentsConditions;
  std::unordered_set<ir::StmtId> conds =
      conditions ? std::unordered_set<ir::StmtId>{} : ir::conditionals(p.prog);
  for (const repair::Failure *f : failures) {
    Problem one{p.prog, *f, p.tests, p.opts};
    encoder::Encoding enc = encoder::encode(p.prog, f->entry, j->tm, failureEncodeOptions(one));
    enc.assertTo(*j->solver, true);
    j->solver->assertFormula(j->tm.mkNot(enc.realFailure));
    j->solver->assertFormula(j->tm.mkNot(enc.boundFailure));
    j->steps += enc.steps.size();
    for (const encoder::Step &s : enc.steps) {
      if (s.selector.isNull())
        continue;
      // a conditional's data (its value, and its target: the condition it sets) stays with --components
      // assignments; its guard is a component
      bool component = !conds.count(s.stmt) || s.part == encoder::Part::Guard;
      std::vector<Term> &into = component ? j->components : j->fixed;
      if (std::find(into.begin(), into.end(), s.selector) != into.end())
        continue;
      into.push_back(s.selector);
      if (component)
        j->blames.push_back(Blame{s.stmt, s.part});
    }
  }
  for (Term t : j->fixed)
    j->solver->assertFormula(t);
  return j;
}

class Mbd final : public Method {
public:
  const char *name() const override { return "mbd"; }
  bool traceFormula() const override { return true; }
  const char *summary() const override {
    return "model-based diagnosis (Konighofer & Bloem): minimal hitting sets of the conflicts (unsat cores) "
           "over the statement values, on every failing input at once (--failures N), by cardinality";
  }
  bool jointFailures() const override { return true; }
  bool givesDiagnoses() const override { return true; }
  std::vector<repair::OptionDecl> options() const override {
    return {componentsOption(), partsOption(), maxSizeOption(), maxSetsOption()};
  }
  Result run(const Problem &p) const override {
    SetLimits limits = setLimitsOf(p.opts);
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<const repair::Failure *> failures{&p.failure};
    failures.insert(failures.end(), p.others.begin(), p.others.end());
    std::unique_ptr<Joint> j = encodeJoint(p, failures, true);
    if (!j->solver) {
      r.status = Status::Error;
      r.message = j->error;
      return r;
    }
    backends::Solver &s = *j->solver;
    if (p.opts.timeoutMs) // hitting sets and core minimization make many checks: one budget for them all
      s.setDeadline(t0 + std::chrono::milliseconds(p.opts.timeoutMs));
    auto remaining = [&]() -> unsigned {
      if (p.opts.timeoutMs == 0)
        return 0;
      double used = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      return used >= p.opts.timeoutMs ? 1u : static_cast<unsigned>(p.opts.timeoutMs - used);
    };
    size_t n = j->components.size();
    r.stats["components"] = static_cast<double>(n);
    r.stats["inputs"] = static_cast<double>(failures.size());
    r.stats["steps"] = static_cast<double>(j->steps);
    std::vector<ElementSet> conflicts, diagnoses;
    auto stopped = [&](const backends::Result &res) {
      r.status = Status::Unknown;
      r.message = std::string("stopped early: ") + backends::reasonName(res.reason);
    };
    bool done = false;
    for (size_t k = 0; k <= limits.maxSize && !done; ++k) {
      while (!done) {
        if (diagnoses.size() >= limits.maxSets) {
          done = true;
          break;
        }
        ElementSet next;
        bool any = false;
        for (const ElementSet &h : minimalHittingSets(conflicts, k))
          if (std::find(diagnoses.begin(), diagnoses.end(), h) == diagnoses.end()) {
            next = h;
            any = true;
            break;
          }
        if (!any)
          break; // every minimal diagnosis of size k is known
        std::vector<Term> assume;
        for (uint32_t c = 0; c < n; ++c)
          if (!std::binary_search(next.begin(), next.end(), c))
            assume.push_back(j->components[c]);
        s.setTimeout(remaining());
        backends::Result res = s.check(assume);
        if (res.isUnknown()) {
          stopped(res);
          done = true;
          break;
        }
        if (res.isSat()) {
          diagnoses.push_back(next);
          continue;
        }
        // (its checks stop at the solver's deadline: then the core stays unsatisfiable, perhaps not minimal)
        backends::CoreResult core = backends::minimizeCore(s, s.unsatCore());
        if (core.result.isUnknown() && core.core.empty()) {
          stopped(core.result);
          done = true;
          break;
        }
        ElementSet conflict;
        for (Term t : core.core)
          conflict.push_back(static_cast<uint32_t>(std::find(j->components.begin(), j->components.end(), t) -
                                                   j->components.begin()));
        std::sort(conflict.begin(), conflict.end());
        conflicts.push_back(conflict);
        if (conflict.empty()) { // even with every component replaced the runs cannot pass
          done = true;
          break;
        }
      }
    }
    r.complete = r.status != Status::Unknown && diagnoses.size() < limits.maxSets;
    r.stats["conflicts"] = static_cast<double>(conflicts.size());
    r.stats["checks"] = static_cast<double>(s.stats().checks);
    r.stats["solve_s"] = s.stats().solveSeconds + s.stats().assertSeconds;
    // Each diagnosis again, on a fresh solver and fresh encodings of J: repairable'(CMP \ Δ).
    std::unique_ptr<Joint> again = diagnoses.empty() ? nullptr : encodeJoint(p, failures, false);
    size_t rechecked = 0;
    for (const ElementSet &d : diagnoses) {
      std::vector<Blame> blames;
      for (uint32_t c : d)
        blames.push_back(j->blames[c]);
      std::vector<Term> assume;
      for (size_t c = 0; again && c < again->components.size(); ++c)
        if (std::find(blames.begin(), blames.end(), again->blames[c]) == blames.end())
          assume.push_back(again->components[c]);
      if (again && again->solver) {
        again->solver->setTimeout(remaining());
        backends::Result res = again->solver->check(assume, backends::Need::NoCore);
        if (res.isUnsat()) {
          r.status = Status::Error;
          r.message = "internal: a diagnosis is not repairable on the failing inputs";
          return r;
        }
        rechecked += res.isSat();
      }
      r.sets.push_back(std::move(blames));
      r.setCosts.push_back(d.size());
    }
    r.stats["rechecked"] = static_cast<double>(rechecked);
    r.ranking = rankBySets(p.prog, r.sets, r.setCosts);
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makeMbd() {
  return std::make_unique<Mbd>();
}

} // namespace locus::localize
