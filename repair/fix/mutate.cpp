// Mutation-based repair (Rothenberg & Grumberg): AllRepair's generate-validate loop over the mutation
// space of levels 1 and 2 (joined, unless --no-replacements, by the fault injector's variable and field
// replacements), with fl-AllRepair's pruning — a buggy mutant's must location set (FOSFL) blocks every
// mutant that agrees with it there. `locus repair --method mutate`; docs/repair.md.
//
// The generator enumerates the mutants with exactly n mutated sites, n = 1, 2, … up to --max-mutations (so
// repairs come out smallest first), each size in lexicographic order of its (site, option) pairs (the
// space's order, the source's), skipping every mutant a block holds. The papers pose the same set as a SAT
// problem with a blocking clause per mutant; a clause here is a Block, matched directly, and a mutant
// rejected alone needs no block at all (the enumeration visits it once). Each mutant is validated within
// the bound. A correct mutant is a repair, and every mutant that contains its mutations is blocked
// (minimality); a buggy one is blocked with the mutants that agree with it on the sites of its must set —
// computed while must sets save more validation time than they take (measured as the search goes), else
// for a sparse sample of the buggy mutants (MustPolicy) — or alone, without localization. The space is
// exhausted when every size is.
#include "repair/fix/methods.h"

#include "repair/localize/must.h"
#include "repair/mutation/mutation.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

namespace locus::fix {

namespace {

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

/// One mutated site of a mutant: (site, option), indexes into the space.
using Pick = std::pair<size_t, size_t>;

/// A set of mutants the search skips: those that pick every pair of `picks` and mutate no other site of
/// `scope` (a site outside it may be mutated or not). A buggy mutant's must set gives `scope`: the sites it
/// names, and those it cannot name (`nameable`). Empty `scope`: the sites of `picks` (every mutant that
/// contains a repair's mutations).
struct Block {
  std::vector<Pick> picks;
  std::vector<bool> scope;
};

bool holds(const Block &b, const std::vector<Pick> &mutant) {
  for (const Pick &x : b.picks)
    if (std::find(mutant.begin(), mutant.end(), x) == mutant.end())
      return false;
  if (b.scope.empty())
    return true;
  for (const Pick &x : mutant)
    if (b.scope[x.first] &&
        std::none_of(b.picks.begin(), b.picks.end(), [&](const Pick &y) { return y.first == x.first; }))
      return false;
  return true;
}

/// The mutant after `m` among those with m.size() mutated sites of a space whose site i has `options[i]`
/// options, in lexicographic order of the (site, option) sequence, sites increasing; false after the last.
/// The first of size n is `firstMutant(n)`.
bool nextMutant(std::vector<Pick> &m, const std::vector<size_t> &options) {
  size_t n = m.size(), sites = options.size();
  for (size_t p = n; p-- > 0;) {
    Pick &x = m[p];
    if (x.second + 1 < options[x.first]) {
      ++x.second;
    } else if (x.first + 1 + (n - 1 - p) < sites) {
      x = {x.first + 1, 0};
    } else {
      continue;
    }
    for (size_t q = p + 1; q < n; ++q)
      m[q] = {m[q - 1].first + 1, 0};
    return true;
  }
  return false;
}

std::vector<Pick> firstMutant(size_t n) {
  std::vector<Pick> m;
  for (size_t i = 0; i < n; ++i)
    m.emplace_back(i, 0);
  return m;
}

/// Whether the next buggy mutant's must set is worth computing: always for the first 8; then while the
/// validations the must sets saved (the mutants each blocked beyond its own, at the mean time of a
/// validation) outweigh their time. Otherwise one in `interval` buggy mutants still gets its must set, so
/// that a change is noticed, the interval doubling (16, 32, … 1024) while must sets stay not worth it. With
/// a suite a mutant is rejected in well under a millisecond while a must set takes several: must sets that
/// block a handful of mutants each only slow the search (docs/repair.md, "mutate").
struct MustPolicy {
  size_t computed = 0, declined = 0;
  double seconds = 0, saved = 0; ///< the must sets' time, and the mutants they blocked beyond their own
  size_t sinceProbe = 0, interval = 16;

  bool worth(size_t validated, double validateSeconds) {
    if (computed < 8)
      return true;
    double perValidation = validated ? validateSeconds / static_cast<double>(validated) : 0;
    if (saved * perValidation >= seconds) { // both summed over the must sets computed
      sinceProbe = 0;
      interval = 16;
      return true;
    }
    if (++sinceProbe >= interval) {
      sinceProbe = 0;
      interval = std::min<size_t>(interval * 2, 1024);
      return true;
    }
    ++declined;
    return false;
  }
};

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

    localize::Options lo;
    lo.solver = p.opts.solver;
    lo.procs = procSet;
    lo.named = p.opts.named;
    lo.stop = stopWhen(p, deadline); // a must set's encoding stops with the search
    std::vector<repair::TestRun> noTests;
    std::vector<Block> blocks;
    MustPolicy policy;
    size_t validated = 0, buggy = 0, unknown = 0, mustSets = 0, mustFailed = 0, reverifyFailed = 0;
    size_t unrenderable = 0, validatedViaSource = 0, refutedFromSource = 0;
    double blockedSum = 0, mustSites = 0, validateSeconds = 0, mustSeconds = 0, generateSeconds = 0;
    std::string internal;
    // With a suite and a bounded check: the mutants that pass the suite and fail the check (plausible
    // repairs), kept aside while the search looks on for a correct one, and the check's counterexamples,
    // which every later mutant must pass in the interpreter before it is validated.
    std::vector<Repair> plausible;
    std::vector<repair::Failure> counterexamples;
    size_t refutedByCounterexample = 0;
    bool stopped = false, exhausted = false;
    for (unsigned n = 1; n <= k && !stopped && !exhausted; ++n) {
      std::vector<Pick> picks = firstMutant(n);
      for (bool more = true; more; more = nextMutant(picks, optionCounts)) {
        if (stopNow(p, deadline)) {
          stopped = true;
          break;
        }
        auto tg = Clock::now();
        bool skip =
            std::any_of(blocks.begin(), blocks.end(), [&](const Block &b) { return holds(b, picks); });
        generateSeconds += secondsSince(tg);
        if (skip)
          continue;
        std::vector<std::pair<const mutation::Site *, const mutation::Option *>> picked;
        for (const Pick &x : picks)
          picked.emplace_back(&sites[x.first], &sites[x.first].options[x.second]);
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
          if (std::any_of(counterexamples.begin(), counterexamples.end(), [&](const repair::Failure &f) {
                return runOnFailure(cand.prog, f).kind != ir::OutcomeKind::Ok;
              })) { // fails where a plausible repair failed: rejected alone, without a check
            ++refutedByCounterexample;
            ++buggy;
            blockedSum += 1;
            validateSeconds += secondsSince(tv);
            continue;
          }
          v = validate(cand, p.spec, msLeft(deadline));
        }
        validateSeconds += secondsSince(tv);
        // A replacement's source edit may mean more than its IR change where C's semantics depend on the text
        // (a field that malloc leaves indeterminate unless the text writes it): such a mutant, correct on
        // the IR and not from its patched source, is refuted and rejected alone.
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
          bool aside = !v.bounded && v.boundedFailure && !viaSource; // plausible, with a counterexample
          std::optional<Repair> rep = finishRepair(p, mutation::edits(p.prog, picked), std::move(changes),
                                                   picked.size(), secondsSince(t0), u, !aside);
          if (rep && aside && !rep->check.bounded) {
            plausible.push_back(std::move(*rep));
            counterexamples.push_back(*v.boundedFailure);
            continue; // no block: a correct repair may hold these mutations and more
          }
          if (rep) {
            if (aside && p.observer) // the check from its source holds where the candidate's did not
              p.observer->repaired(*rep);
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
          blocks.push_back({picks, {}}); // minimality: no mutant containing these mutations is reported
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
        // Buggy or unknown: this mutant is rejected (the enumeration does not come back to it), and with a
        // must set every mutant that agrees with it there is blocked.
        blockedSum += 1; // this one; a must set's block adds the others it holds
        if (v.verdict != Validation::Verdict::Buggy) {
          unknown += !refuted;
          continue;
        }
        ++buggy;
        // A failure found from the patched source is of another program: no must set from it.
        if (!mo.localization || !v.failure || viaSource || !policy.worth(validated, validateSeconds))
          continue;
        lo.timeoutMs = msLeft(deadline); // the method's limit holds for its must sets too
        localize::Problem lp{cand.prog, *v.failure, noTests, lo};
        auto tm0 = Clock::now();
        localize::MustSet ms = localize::mustSetOf(lp);
        double took = secondsSince(tm0);
        mustSeconds += took;
        policy.seconds += took;
        ++policy.computed;
        if (!ms.error.empty()) {
          ++mustFailed;
          continue;
        }
        ++mustSets;
        std::unordered_set<ir::StmtId> f;
        for (const localize::Blame &bl : ms.blames)
          f.insert(bl.stmt);
        Block b{{}, std::vector<bool>(sites.size(), true)};
        std::vector<size_t> freeCounts;
        for (size_t i = 0; i < sites.size(); ++i) {
          b.scope[i] = !canName[i] || std::any_of(sites[i].stmts.begin(), sites[i].stmts.end(),
                                                  [&](ir::StmtId id) { return f.count(id) != 0; });
          if (!b.scope[i])
            freeCounts.push_back(sites[i].options.size());
        }
        for (const Pick &x : picks) // a mutation outside the must set is not what makes this mutant fail
          if (b.scope[x.first])
            b.picks.push_back(x);
        size_t scoped = static_cast<size_t>(std::count(b.scope.begin(), b.scope.end(), true));
        mustSites += static_cast<double>(scoped);
        double blockedNow = countMutants(freeCounts, k, static_cast<unsigned>(b.picks.size()));
        blockedSum += blockedNow - 1;
        policy.saved += blockedNow - 1;
        if (scoped == 0) { // every mutant agrees with this one where it matters: none is a repair
          exhausted = true;
          break;
        }
        if (freeCounts.size() > 0) // else it blocks this mutant alone, which the enumeration has passed
          blocks.push_back(std::move(b));
      }
    }
    // No correct repair within the limits (or fewer than asked for): the plausible ones, in the order found.
    for (Repair &x : plausible) {
      if (r.repairs.size() >= p.opts.maxRepairs)
        break;
      if (p.observer)
        p.observer->repaired(x);
      r.repairs.push_back(std::move(x));
    }
    r.stats["plausible_set_aside"] = static_cast<double>(plausible.size());
    r.stats["refuted_by_counterexample"] = static_cast<double>(refutedByCounterexample);
    r.stats["candidates_validated"] = static_cast<double>(validated);
    r.stats["buggy"] = static_cast<double>(buggy);
    r.stats["unknown"] = static_cast<double>(unknown);
    r.stats["must_sets"] = static_cast<double>(mustSets);
    r.stats["must_set_failed"] = static_cast<double>(mustFailed);
    r.stats["must_sets_declined"] = static_cast<double>(policy.declined);
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
