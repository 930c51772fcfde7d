// The Solver interface every SMT backend implements, its results, model values and statistics.
#pragma once

#include "backends/term.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace locus::backends {

enum class Status { Sat, Unsat, Unknown };

/// Why a check answered Unknown.
/// The largest time limit a check takes: 2^32 - 1 ms (about 49.7 days), the largest z3 and cvc5 accept.
constexpr double kMaxTimeLimitSeconds = 4294967.0;
/// A limit in seconds as the milliseconds `Solver::setTimeout` takes: 0 or less (or nan) stays "no limit",
/// any positive limit is at least 1 ms, and a larger one is capped at kMaxTimeLimitSeconds.
unsigned timeLimitMs(double seconds);

enum class UnknownReason { None, Timeout, Resource, Incomplete, Other };

const char *statusName(Status s);
const char *reasonName(UnknownReason r);

struct Result {
  Status status = Status::Unknown;
  UnknownReason reason = UnknownReason::None; ///< None unless status == Unknown
  std::string detail;                         ///< the solver's own words, for Unknown

  bool isSat() const { return status == Status::Sat; }
  bool isUnsat() const { return status == Status::Unsat; }
  bool isUnknown() const { return status == Status::Unknown; }
  static Result sat() { return {Status::Sat, UnknownReason::None, {}}; }
  static Result unsat() { return {Status::Unsat, UnknownReason::None, {}}; }
  static Result unknown(UnknownReason r, std::string detail) {
    return {Status::Unknown, r, std::move(detail)};
  }
};

/// Thrown by `Solver::value` and `Solver::unsatCore` when the backend cannot give them because the solver
/// misbehaved (a process that died or stopped answering, an error answer, output that does not parse, a
/// value of the wrong sort): callers report Unknown with `what()` as the reason, as for a check.
struct SolverFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Maps a solver's reason text ("timeout", "canceled", "max. resource limit exceeded", "incomplete", ...) to
/// a reason.
UnknownReason classifyUnknownReason(const std::string &text);

/// A value in a model.
struct Value {
  enum class Kind { Bool, Int, BitVec, Float, Other };
  Kind kind = Kind::Other;
  bool boolean = false;
  std::string integer; ///< Int: decimal with optional '-'
  /// BitVec: binary digits, most significant first; Float: its IEEE 754 encoding so (sign, exponent,
  /// significand without the hidden bit; a NaN: the quiet NaN of sign 0 and only the first fraction bit set)
  std::string bits;
  std::string text; ///< the value as SMT-LIB 2 text (always set)

  /// Int values that fit, and bit-vectors of width <= 64 read as two's complement.
  std::optional<int64_t> asInt64() const;
  /// Bit-vectors of width <= 64 read as unsigned.
  std::optional<uint64_t> asUint64() const;

  static Value ofBool(bool b);
  static Value ofInt(std::string decimal);
  static Value ofBits(std::string bits);
  /// A float from its IEEE 754 encoding (binary digits, most significant first).
  static Value ofFloatBits(std::string bits);
  /// The quiet NaN's encoding (sign 0, exponent all ones, only the first fraction bit set) of eb/sb bits.
  static std::string nanBits(uint32_t eb, uint32_t sb);
  static Value other(std::string text);
  /// A bit-vector value of `width` bits from an unsigned decimal numeral.
  static Value ofUnsignedDecimal(const std::string &decimal, uint32_t width);
};

struct SolverStats {
  uint64_t checks = 0, sat = 0, unsat = 0, unknown = 0;
  uint64_t assertions = 0;
  double solveSeconds = 0;    ///< total wall time inside checkImpl
  double maxCheckSeconds = 0; ///< longest single check
  /// Wall time the solver itself spent taking assertions: inside its own API call, after our translation
  /// (reported by the backend; 0 for the SMT-LIB pipe, whose solver parses while we write).
  double assertSeconds = 0;
};

/// What a check must make available besides its answer (and, after Sat, the model).
enum class Need : uint8_t {
  Core,   ///< unsatCore() after Unsat: posed with assumption literals on the incremental solver
  NoCore, ///< the answer and the model only: posed the way `SolverOptions::posing` says
};

/// Ways of posing a check that needs no unsat core (backends/README.md has the measurements behind each
/// backend's default).
enum class Posing : uint8_t {
  Auto,   ///< the backend's measured default (`measuredPosing`)
  Assume, ///< assumption literals on the incremental solver (`check-sat-assuming`), as for Need::Core
  Push,   ///< push a level, assert the assumptions, check; the level is popped before the next command
  Plain,  ///< a new solver instance (the SMT-LIB pipe: `(reset)`) gets every assertion and the assumptions
          ///< and one plain check with the solver's own default strategy: what `z3 FILE` does with the
          ///< text `locus smt --posing plain` prints
  Fresh,  ///< like Plain, but the backend sets the new instance up for the one check: z3 simplifies and
          ///< solves with its core SMT solver (`(check-sat-using (then simplify propagate-values solve-eqs
          ///< smt))`), instead of the strategy it would pick; for other solvers the same as Plain
};
const char *posingName(Posing p); ///< "auto", "assume", "push", "plain", "fresh"
/// "auto", "assume", "push", "plain", "fresh" → the posing; nullopt for anything else.
std::optional<Posing> parsePosing(const std::string &text);

/// Solvers whose commands and measured defaults differ.
enum class SolverFamily : uint8_t { Z3, Cvc5, Other };
/// The family of a backend spec: "z3", "cvc5", or "smtlib:COMMAND" by its program's name ("z3", "cvc5"
/// in it); "dump" and anything else: Other.
SolverFamily familyOf(const std::string &spec);
/// What Posing::Auto means for a family: z3 Fresh, cvc5 Assume, others Assume (backends/README.md).
Posing measuredPosing(SolverFamily f);

/// How a backend is set up; `makeSolver` passes it to the backend.
struct SolverOptions {
  /// How checks with Need::NoCore are posed.
  Posing posing = Posing::Auto;
  /// false: no check will need an unsat core, so the backend need not produce them (the incremental solver
  /// is set up without core production; `check(…, Need::Core)` is then a protocol error).
  bool cores = true;
};

/// An incremental SMT solver over terms of one TermManager.
///
/// Protocol (a state machine; violating it is a bug in the caller and throws std::logic_error):
///  * The solver holds a stack of assertion levels. `assertFormula` adds a boolean formula to the top level;
///    `push` opens a level; `pop(n)` discards the top n levels with their assertions (n <= level()).
///  * `check()` decides the conjunction of all assertions; `check(assumptions)` additionally assumes each
///    boolean term in `assumptions` for this call only. The answer is Sat, Unsat or Unknown with a reason.
///  * `check(assumptions, need)` says what the caller needs afterwards. Need::Core (the default): the check
///    is posed with assumption literals on the incremental solver, and after Unsat `unsatCore()` is
///    available. Need::NoCore: only the answer and the model are; the backend poses the check as
///    `SolverOptions::posing` says (Assume, Push, Plain, Fresh — see Posing; Auto: whichever the
///    measurements found fastest for it), and `unsatCore()` afterwards is a protocol error. Either way the
///    assertion stack is the same afterwards, and a later check of either kind sees exactly the assertions
///    made.
///  * After Sat, `value(t)` gives t's value in the model, until the next assertFormula/push/pop/check.
///  * After Unsat of `check(assumptions)` with Need::Core, `unsatCore()` gives a subset of those assumptions
///    (the same terms as passed) that is unsatisfiable together with the assertions, until the next
///    assertFormula/push/pop/check. It is empty when the assertions alone are unsatisfiable (always so after
///    `check()`). It need not be minimal (see core.h).
///  * `setTimeout(ms)` bounds every following check (0 = none); a check that runs out answers Unknown with
///    reason Timeout. A solver that misbehaves (a process that dies, answers nonsense, errors on a command)
///    makes checks answer Unknown with reason Other and its words, and `value`/`unsatCore` throw
///    SolverFailure.
///  * Assumptions may be any boolean terms: for a check posed with literals, non-literal ones are replaced
///    by fresh proxy literals p with `p => a` asserted at the current level, so `checkImpl` only ever sees
///    literal assumptions.
///
/// The public methods are non-virtual and keep the protocol, the proxies, the posing and the statistics in
/// one place; backends implement the protected `*Impl` methods (and `checkFreshImpl` for Plain and Fresh).
class Solver {
public:
  explicit Solver(TermManager &tm, SolverOptions opts = {}) : tm_(tm), opts_(opts) {}
  virtual ~Solver() = default;
  Solver(const Solver &) = delete;
  Solver &operator=(const Solver &) = delete;

  /// Adds `f` (a boolean term) to the current level.
  void assertFormula(Term f);
  /// Opens a new assertion level.
  void push();
  /// Discards the top `n` assertion levels.
  void pop(unsigned n = 1);
  /// Decides the current assertions.
  Result check();
  /// Decides the current assertions together with `assumptions` (boolean terms); `need` says whether an
  /// unsat core is wanted afterwards.
  Result check(const std::vector<Term> &assumptions, Need need = Need::Core);
  /// The value of `t` in the model of the last Sat check.
  Value value(Term t);
  /// A subset of the assumptions of the last Unsat check(assumptions, Need::Core).
  std::vector<Term> unsatCore();
  /// Time limit in milliseconds for each following check; 0 means none.
  void setTimeout(unsigned ms) { timeoutMs_ = ms; }
  unsigned timeout() const { return timeoutMs_; }
  /// A point in time no check may run past (none by default): each check's limit is the timeout or what is
  /// left until the deadline, whichever is smaller; a check after it answers Unknown (Timeout) at once.
  /// Callers that make many checks (MCS enumeration, core minimization, hitting sets) stay within one budget.
  void setDeadline(std::optional<std::chrono::steady_clock::time_point> d) { deadline_ = d; }
  /// Number of open levels (0 at the start).
  unsigned level() const { return static_cast<unsigned>(proxies_.size() - 1); }
  /// How this solver poses checks with Need::NoCore (never Auto).
  Posing posing() const { return opts_.posing == Posing::Auto ? defaultPosing() : opts_.posing; }
  const SolverOptions &options() const { return opts_; }

  /// Optional capability: weighted MaxSAT over the current assertions (hard) and `softs` (formula, weight)
  /// by the solver's own optimizer. Returns the status (Sat = optimum found) and the indices of the
  /// falsified soft formulas, or nullopt when the backend has no optimizer (the default). Leaves the
  /// assertion stack and the protocol state as they were before.
  struct NativeMaxSat {
    Result result;
    std::vector<size_t> falsified;
  };
  virtual std::optional<NativeMaxSat> maxSatNative(const std::vector<std::pair<Term, uint64_t>> &softs) {
    return std::nullopt;
  }

  const SolverStats &stats() const { return stats_; }
  TermManager &terms() const { return tm_; }
  /// The backend's name ("z3", "cvc5", "smtlib:z3 -in", "dump").
  virtual std::string name() const = 0;
  /// The solver's version text, e.g. "4.8.12".
  virtual std::string version() const = 0;

protected:
  virtual void assertImpl(Term f) = 0;
  virtual void pushImpl() = 0;
  virtual void popImpl(unsigned n) = 0;
  /// `assumptions` are literals (variables or their negations).
  virtual Result checkImpl(const std::vector<Term> &assumptions) = 0;
  /// Posing::Plain or Posing::Fresh (`how`): decide every assertion made so far (`assertions()`) together
  /// with `assumptions` (any boolean terms) on a new solver instance, whose model `valueImpl` then reads.
  /// The default poses the check with Push instead, for backends without a separate instance.
  virtual Result checkFreshImpl(const std::vector<Term> &assumptions, Posing how);
  virtual Value valueImpl(Term t) = 0;
  /// A subset of the literal assumptions of the last checkImpl.
  virtual std::vector<Term> unsatCoreImpl() = 0;
  /// The posing of Posing::Auto for this backend (for real backends `measuredPosing` of their family).
  virtual Posing defaultPosing() const { return Posing::Assume; }

  /// Every formula asserted on the open levels (the proxies' definitions included), level by level.
  const std::vector<std::vector<Term>> &assertions() const { return asserted_; }
  /// Backends report the time spent inside the solver's own assert call (see SolverStats::assertSeconds).
  void addAssertSeconds(double s) { stats_.assertSeconds += s; }

  TermManager &tm_;
  unsigned timeoutMs_ = 0;
  SolverOptions opts_;

private:
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  enum class State { Ready, Sat, Unsat, Unknown };
  void invalidate() { state_ = State::Ready; }
  Term literalFor(Term assumption);
  void assertLogged(Term f);
  /// Pops the level a Push-posed check left open (before any command that changes or checks the stack).
  void settle();
  Result checkWithPush(const std::vector<Term> &assumptions);

  State state_ = State::Ready;
  bool coreAvailable_ = false; ///< the last check was posed with literals (a core can be asked for)
  bool pendingPop_ = false;    ///< a Push-posed check's level is still open
  SolverStats stats_;
  /// Per level: proxy literal for each non-literal assumption term.
  std::vector<std::unordered_map<Term, Term, TermHash>> proxies_{1};
  std::vector<std::vector<Term>> asserted_{1};
  std::unordered_map<Term, std::vector<Term>, TermHash> lastAssumptionOf_; ///< literal -> original terms
};

/// What `makeSolver` gives: a solver, or the one-sentence reason why there is none.
struct MakeSolverResult {
  std::unique_ptr<Solver> solver;
  std::string error;
  explicit operator bool() const { return solver != nullptr; }
};

/// Builds a backend from a spec: "z3", "cvc5", "smtlib:COMMAND" (e.g. "smtlib:z3 -in",
/// "smtlib:cvc5 --lang smt2 --incremental") or "dump", set up as `opts` says. A backend not built in gives
/// the error "locus was built without cvc5"; an unknown spec or a command that cannot start gives its own
/// sentence.
MakeSolverResult makeSolver(const std::string &spec, TermManager &tm, const SolverOptions &opts = {});

/// The specs of the backends built into this binary ("z3", "cvc5", "smtlib:…", "dump").
std::vector<std::string> builtinSolvers();
/// The backends with a C++ API that this build includes ("z3", "cvc5").
std::vector<std::string> apiSolvers();

} // namespace locus::backends
