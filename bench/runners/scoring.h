// How the runners score what they measured, as plain functions with unit tests (tests/unit/bench): the
// status of a verified version (bench faults), the ground truth of a fault and the lines examined before it
// (EXAM; bench localize), whether the repairs of a run are correct (bench repair), and the per-configuration
// tallies the reports are made of.
#pragma once

#include "bench/lib/runner.h"
#include "bench/mutate/mutate.h"
#include "bench/mutate/suite.h"
#include "repair/localize/localize.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace locus::bench {

// ---- bench faults -------------------------------------------------------------------------------------

/// A verdict that settles a program: safe, failed or bound (two solvers may disagree only if one of them
/// gave none of these).
bool decided(const std::string &verdict);

/// A verification method of a version's record: its key under "runs" ("verify/z3") and its solver.
struct MethodKey {
  std::string name, solver;
};

/// The outcome of a version over all methods: failed / bound / equivalent (proved safe) / unknown / error /
/// disagree. `why` says what stopped an undecided one.
std::string classifyVersion(const Json &record, const std::vector<MethodKey> &methods, std::string &why);

/// Versions counted by outcome; detection rate = (failed + bound) / (versions − equivalent).
struct DetectionCounts {
  size_t versions = 0, failed = 0, bound = 0, equivalent = 0, unknown = 0, errors = 0, disagree = 0;
  void add(const std::string &status);
  size_t detected() const { return failed + bound; }
  size_t nonEquivalent() const { return versions - equivalent; }
  std::string rate() const; ///< "87.5 %"; "–" with no non-equivalent version
  Json json() const;
};

// ---- bench localize -----------------------------------------------------------------------------------

/// A ground-truth location: a source file as the program's file table names it, and a line.
struct Truth {
  std::string file;
  uint32_t line = 0;
  bool deletion = false;         ///< a deleted statement (it cannot run: no trace method can point at it)
  std::vector<ir::StmtId> stmts; ///< the mutated statements (suite versions; empty for the papers' edits)
  std::string what;              ///< "b0 := p != null → b0 := r != null"
  std::string proc;              ///< the procedure of the mutated statements (suite versions)
  uint32_t col = 0;              ///< the first mutated statement's column (suite versions)
};

/// The ground truth of an injected fault: its line, its statements, what it changed.
Truth truthOf(const mutate::Fault &f);
/// The ground truth of one edit of the papers' faults, in the version `file`.
Truth truthOf(const std::string &file, const mutate::PaperFault::Edit &e);
/// One line describing an injected fault: "operator at line 12: `b0 := x < y` -> `b0 := x <= y`".
std::string describe(const mutate::Fault &f);

/// Whether a mutation changed what a statement assigns rather than an expression: the guard (`[b] `) is
/// the same and the text up to `:=` differs.
bool assignsOther(const std::string &before, const std::string &after);

/// The lines that stand for a deleted statement (docs/localize.md, "Lines examined"): in the version
/// `prog`, the lines of the statements of the deletion's procedure (`t.proc`, in `t.file`) just before and
/// just after the deletion point (`t.line`:`t.col`) in source order, and of any statement left at the point
/// itself. Sorted, without duplicates; empty when the procedure is not in `prog`.
std::vector<uint32_t> deletionLines(const ir::Program &prog, const Truth &t);

/// The lines a person examines before reaching a ground-truth line of `ranking`: the lines ranked before it
/// plus half of its ties (docs/localize.md), the best over the ground truth; -1 when none is ranked. A
/// deleted statement is reached at the first of its `deletionLines`. `*rank` is set to the rank of the line
/// reached.
double linesExamined(const ir::Program &prog, const std::vector<localize::Suspect> &ranking,
                     const std::vector<Truth> &truth, uint32_t *rank);

/// EXAM: lines examined as a percentage of the program's `lines` (100 with no lines). Not clamped.
double examPercent(double examined, size_t lines);

/// The scores of one localization configuration over a set of versions, from the runs' records.
struct LocalizeStats {
  size_t versions = 0, localized = 0, found = 0, top1 = 0, top3 = 0, top5 = 0;
  /// Wolverine2's measure: the fault within the first 10 % / 25 % of the program's lines (`programLines`)
  size_t top10pct = 0, top25pct = 0;
  /// the same within the first 10 % / 25 % of the lines under test (`lines`; EXAM's denominator)
  size_t top10under = 0, top25under = 0;
  size_t unknown = 0, errors = 0, internal = 0;
  /// gradient: versions checked for soundness, those with a miss, mutated statements not run
  size_t soundChecked = 0, unsound = 0, notRun = 0;
  std::vector<double> examined, exam, seconds, solve, suspicious;
  /// Found faults: the fault line's rank, and how many lines tie at it (the line itself included).
  std::vector<double> ranks, ties;
  /// Adds one run on a version whose procedures under test have `lines` lines and whose program has
  /// `programLines` (0: unknown, taken as `lines`); a fault not found counts as EXAM 100 %.
  void add(const Json &run, size_t lines, size_t programLines = 0);
  double oursShare() const; ///< the share of the time not spent in the solver
};

// ---- bench repair -------------------------------------------------------------------------------------

/// The correctness of the repairs of one run.
struct RepairJudgement {
  Json verdicts = Json::array(); ///< per repair: "original", "yes", "no", "unknown: …", "not checked"
  bool originalFound = false;    ///< a repair's text is the original's
  int firstCorrect = -1;         ///< the first correct repair (-1: none)
  size_t equivalent = 0, unknown = 0;
};

/// Judges repairs by their patched texts (nullopt for a patch that does not change exactly one file): a
/// repair is correct when its text is `original`, or when `equivalent(text, k)` answers "yes". The check is
/// asked for at most `maxChecks` repairs, and after a correct one only for the first repair.
RepairJudgement judgeRepairs(const std::vector<std::optional<std::string>> &patched,
                             const std::string &original, size_t maxChecks,
                             const std::function<std::string(const std::string &text, size_t k)> &equivalent);

/// The scores of one repair configuration over a set of versions, from the runs' records.
struct RepairStats {
  size_t versions = 0, repaired = 0, firstCorrect = 0, anyCorrect = 0, notRepaired = 0, unknown = 0,
         errors = 0, noFailure = 0, internal = 0;
  size_t inSpace = 0, inSpaceSearched = 0, originalFound = 0; ///< mutate's completeness check
  std::vector<double> first, correct, total, validated, blocked;
  /// Adds one run; `originalInSpace`: the version's original is a point of mutate's space (for mutate).
  void add(const Json &run, bool originalInSpace);
};

} // namespace locus::bench
