// Fault localization: the methods (one class each, in one registry), the problem they solve and the result
// they give — source locations ranked by suspicion, each with the method's evidence.
#pragma once

#include "backends/encoder/encoder.h"
#include "ir/ir.h"
#include "repair/common/failure.h"
#include "repair/common/observer.h"
#include "repair/common/tests.h"
#include "repair/localize/options.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace locus::localize {

struct ExpectedState; // gradient.h

/// What every method reads: the solver, the time limit, what may be blamed, and the values given for the
/// methods' own options (options.h; each method reads those it declares, Method::options).
struct Options {
  std::string solver = "z3";
  unsigned timeoutMs = 0; ///< the whole localization (0: none); running out returns what was found
  /// When the method's encodings of the failure give up (encoder::StopWhen; localizeFailures sets the
  /// deadline of `timeoutMs` and the observer's token): the method's result is then Unknown.
  encoder::StopWhen stop;
  /// The procedures whose statements may be blamed (unset: every one). Contract blocks are never blamed.
  std::optional<std::unordered_set<uint32_t>> procs;
  /// The procedures the user named as code under test (`--procs`): never a check's helper
  /// (ir::specificationStatements).
  std::unordered_set<uint32_t> named;
  /// The statements that may be blamed at most (unset: no restriction beyond the procedures): a region of
  /// the run the caller knows the fault to be in (`locus debug`'s `localize`: the statements run between
  /// the last two checkpoints). blamableStatements intersects with it.
  std::optional<std::unordered_set<ir::StmtId>> region;
  /// The methods' options as given (--weights, --parts, --max-size, …): an option not given has its
  /// declared default; a method ignores the options it does not declare.
  repair::OptionValues given;
};

/// The problem: a program, the failure to explain, and the declared tests' runs (possibly none).
struct Problem {
  const ir::Program &prog;
  const repair::Failure &failure;
  const std::vector<repair::TestRun> &tests;
  Options opts;
  /// Further failures of the same entry (--failures N, --all-failing): a method that takes several failures
  /// at once (Method::jointFailures: mbd's set J) reads them; the others run once per failure
  /// (localizeFailures).
  std::vector<const repair::Failure *> others = {};
  /// Told each result as it is complete (localizeFailures); nullptr: none.
  repair::Observer *observer = nullptr;
  /// The intended state where the failing region ends (a reference's state on the failing input, or the
  /// debugger's specs), for a method that takes one (Method::takesExpectedState); nullptr: the method derives
  /// it from the failing check.
  const ExpectedState *expected = nullptr;
};

/// A part of a statement a method blames.
struct Blame {
  ir::StmtId stmt = 0;
  encoder::Part part = encoder::Part::Value;
  friend bool operator==(const Blame &, const Blame &) = default;
};

/// One ranked source line.
struct Suspect {
  uint32_t rank = 0;                  ///< 1 + the number of lines ranked strictly before (ties share a rank)
  SourceLoc loc;                      ///< the line, at the column of its first blamed statement
  std::vector<ir::StmtId> statements; ///< the blamed IR statements on this line
  double score = 0;                   ///< higher is more suspicious; the method defines the scale
  std::vector<size_t> sets;           ///< set methods: indices of the sets containing this line
  std::string evidence;               ///< method-specific explanation, one line
};

enum class Status {
  Localized, ///< a failure was explained (ranking may still be empty if nothing could be blamed)
  NoFailure, ///< nothing to explain
  Unknown,   ///< a time limit or an unknown solver answer stopped the method: partial results
  Error,     ///< the method cannot run on this problem (message), e.g. it needs tests and there are none
};
const char *statusName(Status s);

/// An entity the method's post-state corrects: its value in the failing run and the value the method derived
/// (gradient), for the report and for explaining a miss.
struct Correction {
  std::string entity;
  ir::Value forward, post;
};

struct Result {
  std::string method;
  std::string solver; ///< empty for methods that use no solver
  Status status = Status::Localized;
  std::string message; ///< why (Unknown, Error), or a warning
  /// Set methods: the sets in the order the method produced them (CoMSSs cheapest first, diagnoses, …).
  std::vector<std::vector<Blame>> sets;
  std::vector<uint64_t> setCosts;
  bool costsWeighted = false; ///< setCosts are the weights the user asked for (printed with the sets)
  bool complete = false;      ///< every set within the limits was produced
  /// Why nothing is blamed, when the ranking is empty and the method can say more than "no statement
  /// blamed" (the set methods: no set within --max-size explains the failure).
  std::string noBlame;
  std::vector<Suspect> ranking;
  /// gradient: the blamable statements that are not suspicious (repair may lock them), in id order.
  std::vector<ir::StmtId> locked;
  /// gradient: the entities its post-state corrects.
  std::vector<Correction> corrections;
  /// Method-specific counters (solver checks, iterations, …); `solve_s`: seconds inside the solver (its
  /// checks and its own work on assertions), for the overhead share of `bench localize`.
  std::map<std::string, double> stats;
  double seconds = 0;
  /// Several failures localized one at a time (localizeFailures): each one's result; the ranking above is
  /// their combination.
  std::vector<Result> perFailure;
};

/// What a method promises of its result on every failure within its stated assumptions; `bench localize`
/// checks the promise on every version whose fault is known.
enum class Claim : uint8_t {
  None,
  /// The ranking holds every faulty statement the failing run executed (gradient: Wolverine2's soundness
  /// theorem, on a run that takes the correct program's path without a no-op write at the fault).
  Sound,
  /// With a single fault, the fault's line is ranked (must: FOSFL's must property).
  ContainsSingleFault,
};

/// A localization method. Implementations are registered in registry.cpp; `locus localize --method NAME`.
class Method {
public:
  virtual ~Method() = default;
  virtual const char *name() const = 0;
  virtual const char *summary() const = 0; ///< one line for --help
  virtual bool usesSolver() const { return true; }
  /// Localizes Problem::others together with the failure (true), or one failure at a time (false: the
  /// per-failure results are combined by localizeFailures).
  virtual bool jointFailures() const { return false; }
  /// Needs declared tests (a spectrum); without any, `--method all` says so instead of running it.
  virtual bool needsTests() const { return false; }
  /// Its sets are the minimal diagnoses of the failures (sets of statement parts whose abnormality explains
  /// every failure), by size up to --max-size (kMaxSize): what a repair by diagnosis asks for
  /// (findDiagnosisMethod).
  virtual bool givesDiagnoses() const { return false; }
  /// What it promises of its result (Claim).
  virtual Claim claim() const { return Claim::None; }
  /// Reads Problem::expected, the intended state at the end of the failing region (bench localize's
  /// `+intended` configurations; the debugger's specs).
  virtual bool takesExpectedState() const { return false; }
  /// Explains the failure with the relaxed formula of its run (encoding.h: the inputs fixed, every check
  /// required to pass, each blamable statement's value behind a selector): BugAssist's family, the
  /// formula methods a caller asks for without naming them (traceFormulaMethods).
  virtual bool traceFormula() const { return false; }
  /// The options the method reads besides Options' common ones, with defaults and help (options.h); the
  /// registry merges every method's into the command line (optionDeclarations).
  virtual std::vector<repair::OptionDecl> options() const { return {}; }
  /// The method's configuration in `p`, for the header of its report: "uniform weights, parts: value"
  /// (empty: nothing to say).
  virtual std::string describe(const Problem &) const { return {}; }
  /// The configuration as JSON keys and values (sbfl: "formula"), for `--json`.
  virtual std::vector<std::pair<std::string, std::string>> settings(const Problem &) const { return {}; }
  virtual Result run(const Problem &p) const = 0;
};

/// Localizes p.failure and p.others with `m`: at once if m.jointFailures(), else once per failure, combined
/// by combineRankings. `Result::seconds` is set.
Result localizeFailures(const Method &m, const Problem &p);
/// `m.run(p)`, with an encoding the time limit or Ctrl-C cut short (encoder::Stopped) as an Unknown result:
/// "stopped early: timeout (while encoding)" or "… interrupted …".
Result runStoppable(const Method &m, const Problem &p);
/// Jin & Orso's combination of the reports of several failing inputs: only the lines every report ranks,
/// by their average rank (equal averages tie, competition ranking); score 1 / average rank. A failure whose
/// method stopped with an error is left out (the combination is then Unknown); all of them: Error. The
/// per-failure results are kept in `perFailure`; counters are summed.
Result combineRankings(const ir::Program &prog, std::vector<Result> perFailure);

/// The consensus of several methods' rankings of one failure (`--method all`, `bench localize`): reciprocal
/// rank fusion — a line's score is the sum, over the methods that rank it, of 1 / its rank there (a method
/// that does not rank it adds 0; a method without a ranking takes no part). Higher scores first; of equal
/// scores, the line more methods rank first; lines equal in both tie (competition ranking, source order).
/// The evidence names each method's rank and what broke a tie.
std::vector<Suspect> consensusRanking(const ir::Program &prog, const std::vector<const Result *> &results);

/// Every registered method, in a fixed order; the first is `locus localize`'s default.
const std::vector<std::unique_ptr<Method>> &methods();
/// The method called `name`, or nullptr.
const Method *findMethod(const std::string &name);
/// The first method that gives diagnoses (Method::givesDiagnoses), or nullptr.
const Method *findDiagnosisMethod();
/// The methods that localize with the relaxed trace formula (Method::traceFormula), in registry order.
std::vector<const Method *> traceFormulaMethods();
/// Every method's options merged, one per flag, each with the methods that read it (repair::mergeOptions):
/// what `locus localize` registers.
const std::vector<repair::OptionDecl> &optionDeclarations();
/// The first error among the values given for any method's options (an unknown flag, a value its option
/// does not accept), or empty.
std::string checkOptions(const repair::OptionValues &values);
/// The text of the option `flag` in `values`: given, else its default (empty for no such option).
std::string optionText(const repair::OptionValues &values, const std::string &flag);
/// The --method help: "the localization method:" and a line per method ("NAME: summary"), then `all`.
std::string methodHelp();

/// The procedures declared in `mainFile` that are not tests: what a user's own file defines (imported files,
/// the standard library among them, are trusted).
std::unordered_set<uint32_t> ownProcedures(const ir::Program &prog, const std::string &mainFile);

/// Ranks the lines of `sets` (in their order): a line ranks where its first set puts it. With `costs` (one
/// per set, in the sets' order), consecutive sets of equal cost form one tie group, since the order in which
/// a solver produces sets of equal cost means nothing, and of the lines first seen in one group those in
/// more of all the sets rank first (the evidence says so); without, every set is its own group. Lines
/// first seen in the same group and (with costs) in as many sets tie (docs/localize.md). Score: 1 / (1 +
/// index of that group).
std::vector<Suspect> rankBySets(const ir::Program &prog, const std::vector<std::vector<Blame>> &sets,
                                const std::vector<uint64_t> &costs = {});

/// Ranks the lines of scored statements: a line's score is the largest of its statements' scores; lines
/// with higher scores come first; lines of equal score tie (competition ranking, listed in source order).
/// Statements with a score of 0 or less are left out (docs/localize.md).
std::vector<Suspect> rankByScores(const ir::Program &prog, const std::map<ir::StmtId, double> &scores);

/// The statements a method may blame (docs/localize.md, "What may be blamed"): the statements of the bodies
/// of `opts.procs` (every procedure when unset), minus the specification (ir::specificationStatements) and
/// `concrete` blocks with everything inside them; and of the globals declared in their files, the declared
/// sizes (ir::globalAllocId) and the initializers (statements writing the global at its declaration); only
/// those in `opts.region` when it is set.
std::unordered_set<ir::StmtId> blamableStatements(const ir::Program &prog, const Options &opts);

} // namespace locus::localize
