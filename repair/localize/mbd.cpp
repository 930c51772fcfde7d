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
#include <functional>
#include <optional>

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

/// `targets` false: without relaxed targets, whatever --parts says (the first stage of value+target).
std::unique_ptr<Joint> encodeJoint(const Problem &p, const std::vector<const repair::Failure *> &failures,
                                   bool cores, bool targets = true) {
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
    encoder::EncodeOptions eo = failureEncodeOptions(one);
    if (!targets)
      eo.relaxTargets = eo.shareTargetSelector = false;
    encoder::Encoding enc = encoder::encode(p.prog, f->entry, j->tm, eo);
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

/// What `diagnose` found: the new minimal diagnoses by cardinality, the conflicts it needed, and why it
/// stopped early (the solver's answer; none when it did not).
struct Diagnosed {
  std::vector<ElementSet> diagnoses;
  size_t conflicts = 0;
  std::optional<backends::Result> stopped;
};

/// The minimal diagnoses of `j` up to limits.maxSize elements, at most limits.maxSets new ones (the
/// algorithm above). `known` are diagnoses already (a first stage's): never checked and not returned.
Diagnosed diagnose(Joint &j, const SetLimits &limits, const std::vector<ElementSet> &known,
                   const std::function<unsigned()> &remaining) {
  backends::Solver &s = *j.solver;
  size_t n = j.components.size();
  Diagnosed out;
  std::vector<ElementSet> conflicts;
  auto isKnown = [&](const ElementSet &h) {
    return std::find(known.begin(), known.end(), h) != known.end() ||
           std::find(out.diagnoses.begin(), out.diagnoses.end(), h) != out.diagnoses.end();
  };
  bool done = false;
  for (size_t k = 0; k <= limits.maxSize && !done; ++k) {
    while (!done) {
      if (out.diagnoses.size() >= limits.maxSets) {
        done = true;
        break;
      }
      ElementSet next;
      bool any = false;
      for (const ElementSet &h : minimalHittingSets(conflicts, k))
        if (!isKnown(h)) {
          next = h;
          any = true;
          break;
        }
      if (!any)
        break; // every minimal diagnosis of size k is known
      std::vector<Term> assume;
      for (uint32_t c = 0; c < n; ++c)
        if (!std::binary_search(next.begin(), next.end(), c))
          assume.push_back(j.components[c]);
      s.setTimeout(remaining());
      backends::Result res = s.check(assume);
      if (res.isUnknown()) {
        out.stopped = res;
        break;
      }
      if (res.isSat()) {
        out.diagnoses.push_back(next);
        continue;
      }
      // (its checks stop at the solver's deadline: then the core stays unsatisfiable, perhaps not minimal)
      backends::CoreResult core = backends::minimizeCore(s, s.unsatCore());
      if (core.result.isUnknown() && core.core.empty()) {
        out.stopped = core.result;
        break;
      }
      ElementSet conflict;
      for (Term t : core.core)
        conflict.push_back(static_cast<uint32_t>(std::find(j.components.begin(), j.components.end(), t) -
                                                 j.components.begin()));
      std::sort(conflict.begin(), conflict.end());
      conflicts.push_back(conflict);
      if (conflict.empty()) { // even with every component replaced the runs cannot pass
        done = true;
        break;
      }
    }
    done = done || out.stopped.has_value();
  }
  out.conflicts = conflicts.size();
  return out;
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
  Result run(const Problem &given) const override {
    const Problem p = withOwnDefaults(*this, given); // --parts: this method's default
    SetLimits limits = setLimitsOf(p.opts);
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<const repair::Failure *> failures{&p.failure};
    failures.insert(failures.end(), p.others.begin(), p.others.end());
    // With --parts value+target in two stages (enumerateSets does the same for maxsat and ofc): the
    // diagnoses of the values alone first, then, on the encodings with targets (made when that stage
    // starts), those that need a target moved (the first stage's are diagnoses there too, never a superset
    // of one); merged by size, values first at one size, cut to --max-sets.
    bool staged = partsOf(p.opts) == Parts::ValueTargetShared;
    std::unique_ptr<Joint> first = encodeJoint(p, failures, true, !staged);
    if (!first->solver) {
      r.status = Status::Error;
      r.message = first->error;
      return r;
    }
    auto remaining = [&]() -> unsigned {
      if (p.opts.timeoutMs == 0)
        return 0;
      double used = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      return used >= p.opts.timeoutMs ? 1u : static_cast<unsigned>(p.opts.timeoutMs - used);
    };
    // hitting sets and core minimization make many checks: one budget for them all
    auto limit = [&](Joint &joint) {
      if (p.opts.timeoutMs)
        joint.solver->setDeadline(t0 + std::chrono::milliseconds(p.opts.timeoutMs));
    };
    limit(*first);
    r.stats["components"] = static_cast<double>(first->components.size());
    r.stats["inputs"] = static_cast<double>(failures.size());
    r.stats["steps"] = static_cast<double>(first->steps);
    struct Found {
      std::vector<Blame> blames;
      uint64_t key; // 2 · size, + 1 for the second stage (without stages: the size)
    };
    std::vector<Found> found;
    auto blamesOf = [](const Joint &from, const ElementSet &d) {
      std::vector<Blame> blames;
      for (uint32_t c : d)
        blames.push_back(from.blames[c]);
      return blames;
    };
    double checks = 0, solve = 0;
    auto account = [&](const Joint &joint) {
      checks += static_cast<double>(joint.solver->stats().checks);
      solve += joint.solver->stats().solveSeconds + joint.solver->stats().assertSeconds;
    };
    Diagnosed firstStage = diagnose(*first, limits, {}, remaining);
    size_t conflicts = firstStage.conflicts;
    std::optional<backends::Result> stop = firstStage.stopped;
    for (const ElementSet &d : firstStage.diagnoses)
      found.push_back({blamesOf(*first, d), staged ? 2 * d.size() : d.size()});
    account(*first);
    bool targetSets = false; // a diagnosis of the second stage is kept
    if (staged && !stop) {
      std::unique_ptr<Joint> j = encodeJoint(p, failures, true);
      if (!j->solver) {
        r.status = Status::Error;
        r.message = j->error;
        return r;
      }
      limit(*j);
      r.stats["target_steps"] = static_cast<double>(j->steps);
      std::vector<ElementSet> known; // the first stage's diagnoses, as components of j
      for (size_t k = 0; k < found.size(); ++k) {
        ElementSet in;
        for (const Blame &b : found[k].blames)
          for (uint32_t c = 0; c < j->components.size(); ++c)
            if (j->blames[c] == b)
              in.push_back(c);
        std::sort(in.begin(), in.end());
        known.push_back(in);
      }
      Diagnosed second = diagnose(*j, limits, known, remaining);
      conflicts += second.conflicts;
      stop = second.stopped;
      for (const ElementSet &d : second.diagnoses)
        found.push_back({blamesOf(*j, d), 2 * d.size() + 1});
      account(*j);
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Found &a, const Found &b) { return a.key < b.key; });
    bool cut = found.size() > limits.maxSets;
    if (cut)
      found.resize(limits.maxSets);
    for (const Found &d : found)
      targetSets = targetSets || d.key % 2 == 1;
    if (stop) {
      r.status = Status::Unknown;
      r.message = std::string("stopped early: ") + backends::reasonName(stop->reason);
    }
    r.complete = r.status != Status::Unknown && found.size() < limits.maxSets && !cut;
    r.stats["conflicts"] = static_cast<double>(conflicts);
    r.stats["checks"] = checks;
    r.stats["solve_s"] = solve;
    // Each diagnosis again, on a fresh solver and fresh encodings of J: repairable'(CMP \ Δ). (A first
    // stage's diagnosis is one of the encodings with targets too: those are made only when a diagnosis
    // needs a target moved.)
    std::unique_ptr<Joint> again =
        found.empty() ? nullptr : encodeJoint(p, failures, false, !staged || targetSets);
    std::vector<uint64_t> keys;
    size_t rechecked = 0;
    for (Found &d : found) {
      std::vector<Blame> blames = std::move(d.blames);
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
      r.setCosts.push_back(blames.size());
      r.sets.push_back(std::move(blames));
      keys.push_back(d.key);
    }
    r.stats["rechecked"] = static_cast<double>(rechecked);
    r.ranking = rankBySets(p.prog, r.sets, keys);
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makeMbd() {
  return std::make_unique<Mbd>();
}

} // namespace locus::localize
