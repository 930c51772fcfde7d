// Repair: the methods (one class each, in one registry), the problem they solve (a program whose
// specification fails within the bound) and the result they give — patches as source diffs, each compiled
// again from the patched text and verified independently before it is reported. See repair/README.md
// ("Repair") and docs/repair.md.
#pragma once

#include "backends/encoder/verify.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "ir/source.h"
#include "repair/common/failure.h"
#include "repair/common/method_options.h"
#include "repair/common/observer.h"
#include "repair/common/suite.h"
#include "repair/patch/patch.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::fix {

namespace patch = repair::patch;

/// What "correct" means, for the search and for the independent re-verification of a patch: the entry's
/// own checks (asserts, contracts, run-time errors) within the bounds of `verify`, the output of a
/// reference program on the same inputs when there is one (the product program, ir/product.h), and the
/// declared tests of the main file. With a test suite (`suite`), a candidate is first run on the suite in
/// the interpreter (expected outputs: the reference's, else the suite's own); passing it is what the
/// search asks, and the bounded verification then tells a correct patch from a plausible one.
struct Spec {
  std::string mainFile;                ///< the user's file, as given (GCL or C)
  std::vector<std::string> importPath; ///< -I: to compile a patched file again
  std::string entry = "main";
  encoder::VerifyOptions verify;          ///< solver, bounds, integer mode, input options (expect: unset)
  const ir::Program *reference = nullptr; ///< --reference, compiled
  std::string referenceEntry;             ///< its entry's name
  std::string referenceName;              ///< argv[0] of the reference's runs on the suite (its path)
  const repair::Suite *suite = nullptr;   ///< --tests (nullptr: none); its tests the reference fails left out
  repair::Compare compare = repair::Compare::Exact; ///< --compare: how the suite's outputs are compared
  /// A candidate that passes the suite but not the bounded verification (or whose verification gives no
  /// answer within kSuiteVerifyMs) is a plausible repair; false when
  /// the program passes the suite already (then the bounded verification's failure is the one to repair).
  bool suiteDecides = true;
  /// Applied to every program compiled from a patched source before it is checked, with the patched text
  /// (the debugger's specification: its facts inserted as checks, debug/spec.h); returns an error message,
  /// empty on success. Unset: the program is checked as compiled.
  std::function<std::string(ir::Program &, const std::string &)> prepare;
  /// Whether the main file's declared tests are part of the specification (the debugger's is its facts only).
  bool declaredTests = true;
};

/// The time the bounded verification of a candidate that passes the suite gets at most (it tells a correct
/// repair from a plausible one; the suite decided already).
inline constexpr unsigned kSuiteVerifyMs = 10000;

/// With a suite and a reference, a program's run on a test of the suite may execute at most kSuiteStepFactor
/// times the statements the reference's run on it executed, and at least kSuiteMinSteps (a mutant that loops
/// ends at that limit: the test's answer is unknown, the candidate is no repair).
inline constexpr uint64_t kSuiteStepFactor = 100;
inline constexpr uint64_t kSuiteMinSteps = 10000;

/// A program made ready to check: the program itself, or its product with the reference.
struct Checked {
  ir::Program prog;
  uint32_t entry = ir::kNone;
  repair::FailureSpec failureSpec; ///< verify of `entry` (with the reference's expectation)
  std::string error;               ///< why it cannot be checked (no entry, the reference does not fit)
};
/// `prog` (or its product with spec.reference) with the failure search that checks it. The product keeps
/// `prog`'s statement ids, so an edit of `prog` applies to it unchanged.
Checked checkedProgram(const ir::Program &prog, const Spec &spec);

/// The answer for one candidate program.
struct Validation {
  enum class Verdict { Correct, Buggy, Unknown, Error };
  Verdict verdict = Verdict::Unknown;
  std::optional<repair::Failure> failure; ///< Buggy: verify's counterexample replayed, or a failing test
  size_t tests = 0;                       ///< declared tests run
  size_t testsFailed = 0;
  size_t suiteTests = 0; ///< with a suite: its tests run (those the reference fails left out)
  /// With a suite, Correct: whether the bounded verification holds too (false: the candidate passes the
  /// suite only, a plausible patch; `unverified` says why).
  bool bounded = true;
  std::string unverified;
  std::optional<repair::Failure> boundedFailure; ///< bounded false: the failure the verification found
  std::string message;                           ///< Unknown, Error: why; Buggy: what fails
};
/// Checks `checked.prog` with a solver made for this call: verify within the bound, then (when it is safe)
/// the declared tests of spec.mainFile in the interpreter. `timeoutMs` bounds verify (0: none).
Validation validate(const Checked &checked, const Spec &spec, unsigned timeoutMs = 0);

/// What the independent check of a patch found: the patched text compiled again by the front end (from a
/// temporary copy; spec.importPath and the file's own directory are searched) and validated.
struct Reverified {
  bool compiled = false;
  bool verified = false;    ///< verify is safe within the bound on the recompiled program (with a suite: the
                            ///< suite passes; `bounded` says whether verify holds too)
  bool testsPassed = false; ///< every declared test passes on it (true when there are none)
  size_t tests = 0;
  size_t suiteTests = 0;  ///< with a suite: its tests that passed
  bool bounded = true;    ///< the bounded verification holds (false with a suite: plausible only)
  std::string unverified; ///< bounded false: why (the failure verify found, or why it gave no answer)
  bool undecided = false; ///< not verified because the check gave no answer (not because it failed)
  std::string message;    ///< what went wrong (a diagnostic of the front end, the failure)
};
Reverified reverify(const patch::Patch &p, const Spec &spec, unsigned timeoutMs = 0);

/// A candidate checked from its patched source, as `reverify` checks a repair, with the verdict: for a
/// candidate whose source edit means more than its IR change (`and` → `or` of a condition whose right
/// operand reads fields: the edit also changes which reads run). Unknown when the patched source cannot be
/// compiled.
Validation validatePatched(const patch::Patch &p, const Spec &spec, unsigned timeoutMs = 0);

/// One input of a counterexample-guided search (the set I of template and proof): what an encoding of the
/// program on it fixes.
struct Input {
  uint32_t entry = ir::kNone;
  std::vector<ir::Value> args, nondets;
  std::vector<ir::HeapNode> heap;
  std::string input;
  ir::Expect expect;
  uint32_t unwind = 0;
};
/// With a test suite: the indices of the suite's tests `prog` fails (a wrong output or outcome, a run that
/// ends without an answer), every test run as a candidate's validation runs them; empty when it passes them
/// all; nullopt without a suite or when a test cannot run (the message in `why`).
std::optional<std::vector<size_t>> failingSuiteTests(const ir::Program &prog, const Spec &spec,
                                                     std::string &why);

/// The inputs of a failure (its run's entry, arguments, nondet values, heap, standard input, expectation).
Input inputOf(const repair::Failure &f);

/// The run of a failure's inputs on `prog` in the interpreter (its entry, arguments, nondet values, heap,
/// standard input and expectation; seed 0, with a trace), within kSuiteStepFactor times the failing run's
/// statements (a candidate that loops ends at that limit).
ir::Outcome runOnFailure(const ir::Program &prog, const repair::Failure &f);

/// One repair: IR edits of the user's program, rendered as a patch of the source files.
struct Repair {
  std::vector<patch::Edit> edits;
  patch::Patch patch;
  std::vector<std::string> changes; ///< readable, one per changed place: "max.gcl:5:9: x → y"
  size_t size = 0;                  ///< places changed (mutations, or template components)
  Reverified check;                 ///< the independent re-verification
  double seconds = 0;               ///< from the start of the method to this repair
  std::string by; ///< the method that found it, when `--method auto` ran it (empty: the method run)
};

/// What every method reads: the solver, the limits, what may change, and the values given for the methods'
/// own options (each method reads those it declares, Method::options).
struct Options {
  std::string solver = "z3";
  unsigned timeoutMs = 0; ///< the whole method (0: none); running out returns what was found
  size_t maxRepairs = 1;  ///< stop after this many repairs
  /// The procedures whose statements may be changed (unset: those declared in the main file).
  std::optional<std::unordered_set<uint32_t>> procs;
  /// The procedures the user named as code under test (`--procs`, a benchmark's manifest): never a check's
  /// helper (ir::specificationStatements), even when only checks read what they compute.
  std::unordered_set<uint32_t> named;
  /// The methods' options as given (--level, --max-iterations, …): an option not given has its declared
  /// default; a method ignores the options it does not declare.
  repair::OptionValues given;
  /// Statements a localization of the caller's clears (the debugger's: those its session did not run
  /// between the first and the last checkpoint): `proof` locks these in its first attempt instead of
  /// gradient's lockable set. Unset: the method localizes itself.
  std::optional<std::unordered_set<ir::StmtId>> locked;
  /// Where finishRepair keeps every candidate that was rendered and compiled from its patched source but
  /// did not verify (its check says why): `--method auto` composes such a partial repair with the next
  /// method's (portfolio.cpp). nullptr: not kept.
  std::vector<Repair> *attempts = nullptr;
};

// The methods' flags.
inline constexpr const char *kLevel = "--level";                    ///< mutate: the mutation level, 1 or 2
inline constexpr const char *kMaxMutations = "--max-mutations";     ///< mutate: places mutated at once
inline constexpr const char *kNoLocalization = "--no-localization"; ///< mutate: AllRepair, not fl-AllRepair
/// The help of --no-localization, one text for every method that reads it.
inline constexpr const char *kNoLocalizationHelp = "repair without fault localization: mutate's buggy "
                                                   "mutants block only themselves (AllRepair), proof locks "
                                                   "no statement";
inline constexpr const char *kNoReplacements = "--no-replacements"; ///< mutate: operators and constants only
inline constexpr const char *kMaxIterations = "--max-iterations";   ///< template: CEGIS rounds per diagnosis
inline constexpr const char *kDiagnosisSize = "--diagnosis-size";   ///< template: the largest diagnosis
inline constexpr const char *kCoefficientBound = "--coefficient-bound"; ///< template: preferred |coefficient|
inline constexpr const char *kSeed = "--seed";                ///< template: preference randomization
inline constexpr const char *kNoConstants = "--no-constants"; ///< template: no pass over the literals first
inline constexpr const char *kMaxCandidates = "--max-candidates"; ///< pwp: modifications tested at most

struct Problem {
  const ir::Program &prog; ///< as the front end compiled the user's files
  const SourceManager &sm; ///< their text
  const Spec &spec;
  Options opts;
  /// Told the failure and each repair as they are found; its token stops the search (nullptr: none).
  repair::Observer *observer = nullptr;
};

enum class Status {
  Repaired,    ///< at least one repair, verified from its patched source
  NotRepaired, ///< the search space was exhausted within the limits without a repair
  NoFailure,   ///< the program is correct: nothing to repair
  Unknown,     ///< a time limit or an unknown answer stopped the search before a repair was found
  Error,       ///< the method cannot run on this problem (message); "internal …" for a bug of ours
};
const char *statusName(Status s); ///< "repaired", "not-repaired", "no-failure", "unknown", "error"

struct Result {
  std::string method;
  std::string solver;
  Status status = Status::NotRepaired;
  std::string message;
  std::optional<repair::Failure> failure; ///< the original program's failure (verify or a test)
  std::vector<Repair> repairs;            ///< in the order found (for mutate: by size, then search order)
  bool complete = false;                  ///< the whole space within the limits was searched
  /// Method-specific counters: candidates validated, mutants blocked, CEGIS rounds, solve time, ….
  std::map<std::string, double> stats;
  double seconds = 0;
};

/// A repair method. Implementations are registered in registry.cpp; `locus repair --method NAME`.
class Method {
public:
  virtual ~Method() = default;
  virtual const char *name() const = 0;
  virtual const char *summary() const = 0; ///< one line for --help
  /// The options the method reads besides Options' common ones, with defaults and help; the registry merges
  /// every method's into the command line (optionDeclarations).
  virtual std::vector<repair::OptionDecl> options() const { return {}; }
  /// The method's configuration in `p`, for the header of its report: "level 2, at most 2 mutations,
  /// fl-AllRepair" (empty: nothing to say).
  virtual std::string describe(const Problem &) const { return {}; }
  /// Its candidates are the points of the mutation space (mutation.h) and a search that ends within its
  /// limits (Result::complete) has tried them all: when the original program is such a point, the search
  /// finds it (`bench repair` checks this completeness).
  virtual bool searchesMutationSpace() const { return false; }
  /// Reads Options::locked: confines its first search to what a caller's localization leaves (the
  /// debugger's, from its checkpoints), as Wolverine2's debugger does with its repair.
  virtual bool takesLocked() const { return false; }
  /// Repairs a failure that is an output difference only by editing the text its prints write: what the
  /// others suggest when they find no repair of such a failure (suggestFormat).
  virtual bool editsOutputText() const { return false; }
  /// Inserts statements the program lacks (a missing write, a missing field update): what a method searching
  /// the mutation space suggests when it finds no repair (suggestInsertion), since a deleted statement is
  /// never one of its points.
  virtual bool insertsStatements() const { return false; }
  /// Where `--method auto` (portfolio.cpp) runs it: Derived methods take their edits from the specification
  /// (a reference's check, the expected output) and answer in a fraction of a second, so they go first, each
  /// with the whole time left; Search methods then share the time left, in registry order; None: not run.
  enum class Portfolio { None, Derived, Search };
  virtual Portfolio portfolio() const { return Portfolio::Search; }
  virtual Result run(const Problem &p) const = 0;
};

/// Every registered method, in a fixed order; the first is `locus repair`'s default.
const std::vector<std::unique_ptr<Method>> &methods();
const Method *findMethod(const std::string &name);
/// The first method that reads a caller's locked statements (Method::takesLocked), or nullptr.
const Method *findLockingMethod();
/// Every method's options merged, one per flag, each with the methods that read it (repair::mergeOptions):
/// what `locus repair` registers.
const std::vector<repair::OptionDecl> &optionDeclarations();
/// The first error among the values given for any method's options (an unknown flag, a value its option
/// does not accept), or empty.
std::string checkOptions(const repair::OptionValues &values);
/// The --method help: "the repair method:" and a line per method ("NAME: summary").
std::string methodHelp();

/// Why finishRepair gave no repair.
struct Unfinished {
  bool rendered = false;  ///< false: the edits cannot be shown as source
  bool undecided = false; ///< the re-verification gave no answer (a time limit, an interrupt, the solver's
                          ///< unknown): not a repair to report, and no fault of the method
  std::string why;        ///< rendered and decided: the patched source does not verify (the method's
                          ///< internal error)
};

/// Renders `edits` and re-verifies the patch; the repair, or nullopt with why not in `u`.
/// `announce`: the repair goes to the problem's observer (false: the caller passes it on later).
std::optional<Repair> finishRepair(const Problem &p, std::vector<patch::Edit> edits,
                                   std::vector<std::string> changes, size_t size, double seconds,
                                   Unfinished &u, bool announce = true);

/// Seconds since `t` (the methods' time keeping).
double secondsSince(std::chrono::steady_clock::time_point t);

/// Ends a method's run: the status, the message (the one already there when none is given) and the time since
/// `t0`, the method's start.
struct Finish {
  Result &r;
  std::chrono::steady_clock::time_point t0;
  Result operator()(Status s, std::string msg = {}) const {
    r.status = s;
    if (!msg.empty())
      r.message = std::move(msg);
    r.seconds = secondsSince(t0);
    return r;
  }
};

/// The candidates of a method that finishes them one at a time (finishRepair each: rendered, then validated
/// and re-verified from the patched source): the repairs go into the result, the others are counted.
struct CandidateTally {
  size_t candidates = 0;
  size_t unrenderable = 0; ///< not writable as source
  size_t undecided = 0;    ///< their check from the source gave no answer
  /// finishRepair of one candidate, its repair added to `r`; true when `p.opts.maxRepairs` are found.
  bool finish(const Problem &p, Result &r, std::vector<patch::Edit> edits, std::vector<std::string> changes,
              size_t size, std::chrono::steady_clock::time_point t0);
  /// The end of the search (`stopped`: by the limits or a repair count): the stats `candidates`,
  /// `unrenderable` and `unknown` set, `complete`; Repaired when a repair was found, Unknown when stopped or
  /// undecided; nullopt otherwise (not repaired: the caller says why).
  std::optional<Result> end(const Problem &p, Result &r, const Finish &finish, bool stopped) const;
  /// ", N not writable as source" for a not-repaired message, or empty when every candidate was.
  std::string unrenderableNote() const {
    return unrenderable ? ", " + std::to_string(unrenderable) + " not writable as source" : std::string();
  }
};

/// When `m` does not edit output text and found no repair of a failure that is an output difference only (the
/// program ends ok and prints other text than the reference or the expected output): the message suggests the
/// method that does (Method::editsOutputText: `--method format`).
void suggestFormat(const Method &m, Result &r);
/// Whether the first line where `output` and `expected` differ has the same text around its numbers in both
/// (each number replaced by `#`, with as many fraction digits): a value is wrong, not its format, so
/// suggestFormat says nothing ("day 60 of 365" for "day 61 of 366"; but "3.1" for "3.14" is a precision).
bool onlyValuesDiffer(const std::string &output, const std::string &expected);

/// When `m` searches the mutation space, inserts nothing and exhausted it (NotRepaired) without a repair of a
/// failure that is not an output difference only (suggestFormat's case): the message names the method that
/// inserts statements (Method::insertsStatements: `--method proof`), since a missing statement lies outside
/// the space.
void suggestInsertion(const Method &m, Result &r);

/// What every method's run does around its search: the result named (method, solver), the method's own
/// options checked, an exception turned into an internal error. `search(r, finish)` does the rest.
template <typename Search> Result runMethod(const Method &m, const Problem &p, Search &&search) {
  Result r;
  r.method = m.name();
  r.solver = p.opts.solver;
  Finish finish{r, std::chrono::steady_clock::now()};
  if (std::string err = repair::checkValues(m.options(), p.opts.given); !err.empty())
    return finish(Status::Error, err);
  try {
    Result out = search(r, finish);
    suggestFormat(m, out);
    suggestInsertion(m, out);
    return out;
  } catch (const std::exception &e) {
    return finish(Status::Error, std::string("internal error: ") + e.what());
  }
}

/// The start every method shares: `base` (checkedProgram) validated. True when it fails: `r.failure` is set
/// and told to the observer. False when there is nothing to search: `r.status` and `r.message` say why (the
/// program verifies, verify gave no answer, or an error).
bool startSearch(const Problem &p, const Checked &base,
                 const std::optional<std::chrono::steady_clock::time_point> &deadline, Result &r);

/// The procedures a method may change: p.opts.procs, else those declared in the main file.
std::unordered_set<uint32_t> changeableProcs(const Problem &p);

/// Whether the search must stop now: the deadline passed, or the observer's token was raised.
bool stopNow(const Problem &p, const std::optional<std::chrono::steady_clock::time_point> &deadline);
/// When a method's own encodings give up (encoder::StopWhen): at `deadline`, or when the observer's token (or
/// the session's Ctrl-C) is raised; the method turns encoder::Stopped into its stopped outcome.
encoder::StopWhen stopWhen(const Problem &p,
                           const std::optional<std::chrono::steady_clock::time_point> &deadline);
/// Why a search that stopped stopped: "interrupted" when the observer's token was raised, else `timeLimit`.
std::string stopReason(const Problem &p, const std::string &timeLimit);

/// A deadline from a timeout (none for 0).
std::optional<std::chrono::steady_clock::time_point> deadlineOf(unsigned timeoutMs);
/// The milliseconds left until `d`, at least 1 (a check with so little time answers Unknown; 0 would mean no
/// limit); `fallback` without a deadline.
unsigned msLeft(const std::optional<std::chrono::steady_clock::time_point> &d, unsigned fallback = 0);

} // namespace locus::fix
