// The relaxable encoding of a failure, shared by the formula-based methods: the failing inputs fixed, every
// check required to pass, each statement's value (and guard) behind its selector.
#pragma once

#include "backends/encoder/encoder.h"
#include "backends/maxsat.h"
#include "backends/mcs.h"
#include "backends/solver.h"
#include "repair/localize/localize.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>

namespace locus::localize {

/// A relaxed failure on its own solver: hard = the inputs and "every check passes"; soft = the selectors.
/// With --parts value+target (staged) it is the failure relaxed as with --parts value, and the encoding with
/// targets, the second stage's, is made when that stage starts (`targets`, relaxTargets).
struct RelaxedFailure {
  backends::TermManager tm;
  std::unique_ptr<backends::Solver> solver;
  encoder::Encoding enc;
  std::vector<backends::Term> selectors; ///< every selector, in order of first use
  std::map<uint32_t, Blame> blameOf;     ///< selector term id → the statement part it relaxes
  std::string error;                     ///< why there is no solver (then `solver` is null)
  /// --parts value+target: this is the first stage's encoding (no target relaxed); the second stage's is
  /// `targets` once relaxTargets made it.
  bool staged = false;
  std::optional<std::unordered_set<ir::StmtId>> only; ///< the statements encoded (relaxFailure's `only`)
  std::unique_ptr<RelaxedFailure> targets;            ///< staged: the encoding with targets, or null

  /// Bounds every following check of `solver` (and of `targets`'s, made later too): Solver::setTimeout,
  /// Solver::setDeadline.
  void limit(unsigned timeoutMs, std::optional<std::chrono::steady_clock::time_point> deadline);
  /// The checks made and the seconds spent in the solver (solving and taking assertions), of `targets`'s
  /// too.
  std::pair<double, double> solverWork() const;
  /// The limits limit() set last, for `targets` when it is made.
  unsigned timeoutMs = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

/// The encode options of `p.failure`: its inputs fixed, its bound, values relaxable (guards with
/// --parts value,guard) in the statements that may be blamed (blamableStatements: every method's
/// candidates); only the statements in `only` when given, the others
/// unexplored code whose assignments are arbitrary (EncodeOptions::havocOutside).
encoder::EncodeOptions failureEncodeOptions(const Problem &p,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only = {});
/// The same for failure `f` under options `opts` (gradient, which takes no Problem).
encoder::EncodeOptions failureEncodeOptions(const repair::Failure &f, const Options &opts,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only = {});

/// Why the solver of p.opts cannot decide p.failure's specification (empty: it can;
/// encoder::unsupportedSpec).
std::string unsupportedSpec(const Problem &p);

/// Encodes `p.failure` relaxed (values; guards with --parts value,guard; targets with value,target),
/// optionally only the statements in `only` (the partial-program mode), and asserts it with "no check
/// fails". Check with every selector assumed: unsat means the encoding reproduces the failure. With --parts
/// value+target the encoding is that of --parts value (`staged`); relaxTargets makes the second stage's.
std::unique_ptr<RelaxedFailure> relaxFailure(const Problem &p,
                                             const std::optional<std::unordered_set<ir::StmtId>> &only = {});
/// A staged failure's encoding with targets (under the value's selector), made on first use with the
/// limits of rf.limit; null when rf is not staged, or when the solver cannot be made (rf.error says why).
RelaxedFailure *relaxTargets(const Problem &p, RelaxedFailure &rf);

/// Every selector, each as a soft formula with weight 1 (--weights uniform) or from the Ochiai suspiciousness
/// of its statement over the tests and the failing run (clause weighting).
std::vector<backends::SoftFormula> softSelectors(const Problem &p, const RelaxedFailure &rf);

/// The sets of a relaxed failure, cheapest first, as maxsat and ofc enumerate them.
struct FailureSets {
  std::vector<std::vector<Blame>> sets;
  std::vector<uint64_t> costs; ///< per set, the sum of its soft formulas' weights
  /// Per set, the key rankBySets groups and orders it by: its cost; with staged targets 2 · cost, + 1 when
  /// it needs a target moved, so that at one cost the sets of values alone rank first.
  std::vector<uint64_t> rankCosts;
  /// As backends::McsResult::result: Sat (complete), Unsat (no set within the size), Unknown (the limit,
  /// reason Other; or a check that gave no answer, its reason).
  backends::Result result;
  bool complete = false;
};
/// The sets of `rf` within `limits` (backends::enumerateMcs over softSelectors). With --parts value+target
/// in two stages (docs/localize.md, *Relaxed targets*): first the sets of rf itself (the encoding of --parts
/// value: enumerateValueSets), then, on the encoding with targets (relaxTargets, made here) with those sets
/// and their supersets blocked, the sets that need a target moved (addTargetSets); merged by cost, values
/// first at one cost, and cut to the limit at the end of a group (one cost, one stage). A stage the solver
/// stops (a timeout) keeps the sets found before it; the second does not start.
FailureSets enumerateSets(const Problem &p, RelaxedFailure &rf, const SetLimits &limits);
/// The first stage alone: the sets of rf's own encoding (rankCosts 2 · cost when rf is staged).
FailureSets enumerateValueSets(const Problem &p, RelaxedFailure &rf, const SetLimits &limits);
/// The second stage after `values` (enumerateValueSets of the same rf): the sets that need a target moved,
/// merged with `values`. `values` unchanged when rf is not staged, or when the first stage was stopped.
FailureSets addTargetSets(const Problem &p, RelaxedFailure &rf, const SetLimits &limits, FailureSets values);

/// The header text of maxsat and ofc: "uniform weights, parts: value".
std::string formulaDescription(const Options &opts);

/// Why a complete enumeration found no set: "no set of at most N statement parts explains the failure
/// (raise --max-size, …)".
std::string noSetExplains(const SetLimits &limits);

} // namespace locus::localize
