// Mutation-based repair (Rothenberg & Grumberg): AllRepair's generate-validate loop over the mutation
// space of levels 1 and 2 (joined, unless --no-replacements, by the fault injector's variable and field
// replacements), with fl-AllRepair's pruning — a buggy mutant's must location set (FOSFL) blocks every
// mutant that agrees with it there. `locus repair --method mutate`; docs/repair.md.
//
// The generator is a SAT problem over "site s uses option o" (at most one option per site; exactly n sites
// mutated, n = 1, 2, … up to --max-mutations, so repairs come out smallest first; within a size, by their
// first mutated site and option in the space's order). Each model is a mutant; the validator verifies it
// within the bound. A correct mutant is a repair, and every mutant that contains its mutations is blocked
// (minimality); a buggy one is blocked with the mutants that agree with it on the sites of its must set (or
// alone, without localization). The space is exhausted when the generator has no model left at every size.
#include "repair/fix/methods.h"

#include "backends/cardinality.h"
#include "backends/solver.h"
#include "repair/localize/must.h"
#include "repair/mutation/mutation.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

namespace locus::fix {

namespace {

using backends::Term;
using Clock = std::chrono::steady_clock;
namespace mutation = repair::mutation;

/// Whether a must set can name a site: the must set holds the statements whose Value steps are in the
/// slice, and only an assignment's value step covers every expression a mutation changes; a field read's
/// covers its base and field (the value read, and the null check on the base). A site in another statement
/// (a loop's condition, a call's arguments, a field write) or an assigned variable (the slice follows the
/// variables read, not the one written instead) is treated as being in every must set — never a reason to
/// block.
bool nameable(const ir::StmtIndex &index, const mutation::Site &site) {
  if (site.slot == mutation::Slot::Lhs)
    return false;
  bool part = site.slot == mutation::Slot::Base || site.slot == mutation::Slot::Field;
  for (ir::StmtId id : site.stmts) {
    const ir::Stmt *s = index.find(id);
    if (!s || s->kind != (part ? ir::Stmt::GetField : ir::Stmt::Assign))
      return false;
  }
  return true;
}

/// Whether a site is one of the fault injector's variable and field replacements.
bool isReplacement(const mutation::Site &site) {
  return site.slot != mutation::Slot::ExprOp && site.slot != mutation::Slot::ExprInt;
}

/// How many mutants with at most `k` mutated sites (each of `free` with its option count; `fixed` already
/// mutated) there are: Σ_{j ≤ k - fixed} e_j(free), e_j the elementary symmetric sums.
double countMutants(const std::vector<size_t> &free, unsigned k, unsigned fixed) {
  if (fixed > k)
    return 0;
  unsigned m = k - fixed;
  std::vector<double> e(m + 1, 0.0);
  e[0] = 1;
  for (size_t c : free)
    for (unsigned j = m; j >= 1; --j)
      e[j] += e[j - 1] * static_cast<double>(c);
  double sum = 0;
  for (double x : e)
    sum += x;
  return sum;
}

/// mutate's options, typed.
struct MutateOptions {
  unsigned level = 2;        ///< the mutation level (1 or 2, NOTES.md)
  unsigned maxMutations = 2; ///< at most this many places mutated at once
  bool localization = true;  ///< fl-AllRepair (block by the must set) or AllRepair (block the mutant only)
  bool replacements = true;  ///< the variable and field replacements join the operator and constant space
};

repair::OptionDecl levelOption() {
  return repair::unsignedOption(kLevel, "the mutation level, 1 or 2", 2, 1, 2, "1 or 2");
}
repair::OptionDecl maxMutationsOption() {
  return repair::unsignedOption(kMaxMutations, "at most this many places mutated at once", 2, 1,
                                std::numeric_limits<unsigned>::max(), "at least 1");
}
repair::OptionDecl noLocalizationOption() {
  return repair::boolOption(kNoLocalization, kNoLocalizationHelp);
}

repair::OptionDecl noReplacementsOption() {
  return repair::boolOption(kNoReplacements, "AllRepair's operator and constant mutations only, without the "
                                             "variable and field replacements");
}

MutateOptions mutateOptionsOf(const Options &opts) {
  MutateOptions m;
  m.level = static_cast<unsigned>(repair::unsignedValue(levelOption(), opts.given));
  m.maxMutations = static_cast<unsigned>(repair::unsignedValue(maxMutationsOption(), opts.given));
  m.localization = !repair::boolValue(noLocalizationOption(), opts.given);
  m.replacements = !repair::boolValue(noReplacementsOption(), opts.given);
  return m;
}

class Mutate final : public Method {
public:
  const char *name() const override { return "mutate"; }
  const char *summary() const override {
    return "mutation-based repair (fl-AllRepair): every minimal set of at most --max-mutations operator, "
           "constant, variable and field mutations that makes the program verify";
  }
  bool searchesMutationSpace() const override { return true; }
  std::vector<repair::OptionDecl> options() const override {
    return {levelOption(), maxMutationsOption(), noLocalizationOption(), noReplacementsOption()};
  }
  std::string describe(const Problem &p) const override {
    MutateOptions m = mutateOptionsOf(p.opts);
    return "level " + std::to_string(m.level) + ", at most " + std::to_string(m.maxMutations) + " mutation" +
           (m.maxMutations == 1 ? "" : "s") +
           (m.localization ? ", fl-AllRepair" : ", AllRepair without localization") +
           (m.replacements ? "" : ", no variable or field replacements");
  }

  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) { return search(p, r, finish); });
  }

private:
  Result search(const Problem &p, Result &r, const Finish &finish) const {
    auto t0 = finish.t0;
    auto deadline = deadlineOf(p.opts.timeoutMs);
    const MutateOptions mo = mutateOptionsOf(p.opts);
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);

    // The space: sites with source text of their own. An option whose source edit means more than its IR
    // change (`and` → `or` over guarded reads) stays in the space and is validated from its patched source.
    std::unordered_set<uint32_t> procSet = changeableProcs(p);
    std::vector<uint32_t> procs(procSet.begin(), procSet.end());
    std::sort(procs.begin(), procs.end());
    std::vector<mutation::Site> sites;
    size_t droppedSites = 0, viaSourceOptions = 0, droppedOptions = 0;
    for (mutation::Site &s : mutation::space(p.prog, procs, mo.level, mo.replacements, &p.opts.named)) {
      if (!s.source) {
        ++droppedSites;
        continue;
      }
      if (isReplacement(s)) // only the replacements the source can show (not a declaration's variable)
        std::erase_if(s.options, [&](const mutation::Option &o) {
          bool refused = !patch::render(p.prog, p.sm, mutation::edits(p.prog, {{&s, &o}})).patch;
          droppedOptions += refused;
          return refused;
        });
      viaSourceOptions += std::count_if(s.options.begin(), s.options.end(),
                                        [](const mutation::Option &o) { return !o.sourceExact; });
      if (!s.options.empty())
        sites.push_back(std::move(s));
    }
    ir::StmtIndex index(p.prog);
    std::vector<bool> canName(sites.size());
    size_t options = 0;
    for (size_t i = 0; i < sites.size(); ++i) {
      // A site with an option checked from source is never a reason to block: the must set speaks of
      // value replacements, and that option also changes which statements run.
      canName[i] =
          nameable(index, sites[i]) && std::all_of(sites[i].options.begin(), sites[i].options.end(),
                                                   [](const mutation::Option &o) { return o.sourceExact; });
      options += sites[i].options.size();
    }
    r.stats["sites"] = static_cast<double>(sites.size());
    r.stats["options"] = static_cast<double>(options);
    r.stats["sites_without_source"] = static_cast<double>(droppedSites);
    if (mo.replacements)
      r.stats["replacements_without_source"] = static_cast<double>(droppedOptions);
    r.stats["options_via_source"] = static_cast<double>(viaSourceOptions);
    unsigned k = std::min<unsigned>(mo.maxMutations, static_cast<unsigned>(sites.size()));
    std::vector<size_t> optionCounts;
    for (const mutation::Site &s : sites)
      optionCounts.push_back(s.options.size());
    r.stats["space"] = countMutants(optionCounts, k, 0) - 1;
    if (sites.empty()) {
      r.complete = true;
      return finish(Status::NotRepaired, mo.replacements ? "no operator, constant, variable or field of the "
                                                           "changeable procedures can be mutated"
                                                         : "no operator or constant of the changeable "
                                                           "procedures can be mutated");
    }

    // The generator.
    backends::TermManager tm;
    backends::SolverOptions so;
    so.cores = false;
    // One small propositional problem checked again after each blocking clause: the incremental solver
    // (z3's measured default poses every check on a fresh solver with its tactics, milliseconds per check).
    so.posing = backends::Posing::Assume;
    backends::MakeSolverResult made = backends::makeSolver(p.opts.solver, tm, so);
    if (!made)
      return finish(Status::Error, made.error);
    backends::Solver &gen = *made.solver;
    gen.setDeadline(deadline);
    std::vector<std::vector<Term>> b(sites.size());
    std::vector<Term> mutated(sites.size());
    for (size_t i = 0; i < sites.size(); ++i) {
      for (size_t o = 0; o < sites[i].options.size(); ++o)
        b[i].push_back(tm.mkVar("mut!" + std::to_string(i) + "!" + std::to_string(o), tm.boolSort()));
      gen.assertFormula(backends::atMost(tm, b[i], 1));
      mutated[i] = tm.mkOr(b[i]);
    }

    localize::Options lo;
    lo.solver = p.opts.solver;
    lo.procs = procSet;
    lo.named = p.opts.named;
    lo.stop = stopWhen(p, deadline); // a must set's encoding stops with the search
    std::vector<repair::TestRun> noTests;
    size_t validated = 0, buggy = 0, unknown = 0, mustSets = 0, mustFailed = 0, reverifyFailed = 0;
    size_t unrenderable = 0, validatedViaSource = 0, refutedFromSource = 0;
    double blockedSum = 0, mustSites = 0, validateSeconds = 0, mustSeconds = 0, generateSeconds = 0;
    std::string internal;
    bool stopped = false, exhausted = false;
    for (unsigned n = 1; n <= k && !stopped && !exhausted; ++n) {
      Term size = backends::exactly(tm, mutated, n);
      // The mutants of this size in the order of their first mutated site and its option (the space's order:
      // the source's), whatever models the solver prefers: each check assumes the option (first, option); an
      // unsatisfiable one moves on to the next. A mutant with an earlier site mutated was enumerated (or
      // blocked) before the cursor left that site.
      size_t first = 0, option = 0;
      for (;;) {
        if (stopNow(p, deadline)) {
          stopped = true;
          break;
        }
        if (first == sites.size())
          break;
        auto tg = Clock::now();
        backends::Result res = gen.check({size, b[first][option]}, backends::Need::NoCore);
        generateSeconds += secondsSince(tg);
        if (res.status == backends::Status::Unsat) {
          if (++option == b[first].size()) {
            ++first;
            option = 0;
          }
          continue;
        }
        if (res.status != backends::Status::Sat) {
          stopped = true;
          break;
        }
        std::vector<int> choice(sites.size(), -1);
        std::vector<std::pair<const mutation::Site *, const mutation::Option *>> picked;
        for (size_t i = 0; i < sites.size(); ++i)
          for (size_t o = 0; o < b[i].size(); ++o)
            if (gen.value(b[i][o]).boolean) {
              choice[i] = static_cast<int>(o);
              picked.emplace_back(&sites[i], &sites[i].options[o]);
            }
        ++validated;
        bool viaSource =
            std::any_of(picked.begin(), picked.end(), [](const auto &x) { return !x.second->sourceExact; });
        Checked cand;
        Validation v;
        auto tv = Clock::now();
        if (viaSource) {
          ++validatedViaSource;
          patch::PatchResult pr = patch::render(p.prog, p.sm, mutation::edits(p.prog, picked));
          if (pr.patch) {
            v = validatePatched(*pr.patch, p.spec, msLeft(deadline));
          } else {
            ++unrenderable;
            v.verdict = Validation::Verdict::Unknown;
            v.message = pr.error;
          }
        } else {
          cand.prog = mutation::applyChoice(base.prog, picked);
          cand.entry = base.entry;
          cand.failureSpec = base.failureSpec;
          v = validate(cand, p.spec, msLeft(deadline));
        }
        validateSeconds += secondsSince(tv);
        // A replacement's source edit may mean more than its IR change where C's semantics depend on the text
        // (a field that malloc leaves indeterminate unless the text writes it): such a mutant, correct on
        // the IR and not from its patched source, is refuted and blocked alone.
        bool replaced =
            std::any_of(picked.begin(), picked.end(), [](const auto &x) { return isReplacement(*x.first); });
        bool refuted = false;
        if (v.verdict == Validation::Verdict::Correct) {
          std::vector<std::string> changes;
          for (const auto &[s, o] : picked)
            changes.push_back(placeText(p.prog, index, *s, *o));
          std::string changed;
          for (const std::string &c : changes)
            changed += (changed.empty() ? "" : ", ") + c;
          Unfinished u;
          std::optional<Repair> rep = finishRepair(p, mutation::edits(p.prog, picked), std::move(changes),
                                                   picked.size(), secondsSince(t0), u);
          if (rep) {
            r.repairs.push_back(std::move(*rep));
          } else if (!u.rendered) {
            ++unrenderable;
          } else if (u.undecided) {
            ++unknown; // no answer from its source (an interrupt, the time limit): not reported, not an error
          } else if (replaced) {
            refuted = true;
            ++refutedFromSource;
          } else {
            ++reverifyFailed;
            if (internal.empty())
              internal = changed + ": " + u.why;
          }
        }
        if (v.verdict == Validation::Verdict::Correct && !refuted) {
          // Minimality: no mutant containing these mutations is reported.
          std::vector<Term> clause;
          for (size_t i = 0; i < sites.size(); ++i)
            if (choice[i] >= 0)
              clause.push_back(tm.mkNot(b[i][static_cast<size_t>(choice[i])]));
          gen.assertFormula(tm.mkOr(clause));
          if (r.repairs.size() >= p.opts.maxRepairs) {
            stopped = true;
            break;
          }
          continue;
        }
        if (v.verdict == Validation::Verdict::Error) {
          r.stats["candidates_validated"] = static_cast<double>(validated);
          return finish(Status::Error, v.message);
        }
        // Buggy or unknown: block this mutant, and with a must set every mutant that agrees with it there.
        std::vector<bool> inF(sites.size(), true);
        bool localized = false;
        if (v.verdict == Validation::Verdict::Buggy) {
          ++buggy;
          // A failure found from the patched source is of another program: no must set from it.
          if (mo.localization && v.failure && !viaSource) {
            lo.timeoutMs = msLeft(deadline); // the method's limit holds for its must sets too
            localize::Problem lp{cand.prog, *v.failure, noTests, lo};
            auto tm0 = Clock::now();
            localize::MustSet ms = localize::mustSetOf(lp);
            mustSeconds += secondsSince(tm0);
            if (ms.error.empty()) {
              ++mustSets;
              localized = true;
              std::unordered_set<ir::StmtId> f;
              for (const localize::Blame &bl : ms.blames)
                f.insert(bl.stmt);
              for (size_t i = 0; i < sites.size(); ++i) {
                if (!canName[i])
                  continue;
                inF[i] = std::any_of(sites[i].stmts.begin(), sites[i].stmts.end(),
                                     [&](ir::StmtId id) { return f.count(id) != 0; });
              }
            } else {
              ++mustFailed;
            }
          }
        } else if (!refuted) {
          ++unknown;
        }
        std::vector<Term> clause;
        std::vector<size_t> freeCounts;
        unsigned fixedMutated = 0;
        for (size_t i = 0; i < sites.size(); ++i) {
          if (!inF[i]) {
            freeCounts.push_back(sites[i].options.size());
            continue;
          }
          if (choice[i] >= 0) {
            clause.push_back(tm.mkNot(b[i][static_cast<size_t>(choice[i])]));
            ++fixedMutated;
          } else {
            clause.push_back(mutated[i]);
          }
        }
        if (localized)
          mustSites += static_cast<double>(clause.size());
        blockedSum += countMutants(freeCounts, k, fixedMutated);
        if (clause.empty()) { // every mutant agrees with this one where it matters: none is a repair
          exhausted = true;
          break;
        }
        gen.assertFormula(tm.mkOr(clause));
      }
    }
    r.stats["candidates_validated"] = static_cast<double>(validated);
    r.stats["buggy"] = static_cast<double>(buggy);
    r.stats["unknown"] = static_cast<double>(unknown);
    r.stats["must_sets"] = static_cast<double>(mustSets);
    r.stats["must_set_failed"] = static_cast<double>(mustFailed);
    r.stats["must_set_sites_mean"] = mustSets ? mustSites / static_cast<double>(mustSets) : 0;
    r.stats["blocked_per_validation"] =
        buggy + unknown ? blockedSum / static_cast<double>(buggy + unknown) : 0;
    r.stats["unrenderable"] = static_cast<double>(unrenderable);
    r.stats["validated_via_source"] = static_cast<double>(validatedViaSource);
    r.stats["reverify_failed"] = static_cast<double>(reverifyFailed);
    if (mo.replacements)
      r.stats["refuted_from_source"] = static_cast<double>(refutedFromSource);
    r.stats["validate_s"] = validateSeconds;
    r.stats["must_s"] = mustSeconds;
    r.stats["generate_s"] = generateSeconds;
    r.stats["max_mutations"] = k;
    r.complete = !stopped && unknown == 0;
    if (reverifyFailed)
      return finish(Status::Error,
                    "internal error: a repair did not re-verify from its patched source: " + internal);
    if (!r.repairs.empty())
      return finish(Status::Repaired);
    if (stopped || unknown)
      return finish(Status::Unknown, stopped
                                         ? stopReason(p, "the time limit ran out before a repair was found")
                                         : std::to_string(unknown) + " mutants could not be decided");
    return finish(Status::NotRepaired, "no mutant with at most " + std::to_string(k) + " mutation" +
                                           (k == 1 ? "" : "s") + " at level " + std::to_string(mo.level) +
                                           " verifies (" + std::to_string(validated) + " validated)");
  }
};

} // namespace

std::unique_ptr<Method> makeMutate() {
  return std::make_unique<Mutate>();
}

} // namespace locus::fix
