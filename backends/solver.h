// The Solver interface every SMT backend implements, its results, model values and statistics.
#pragma once

#include "backends/term.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace locus::backends {

enum class Status { Sat, Unsat, Unknown };

/// Why a check answered Unknown.
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

/// Maps a solver's reason text ("timeout", "canceled", "max. resource limit exceeded", "incomplete", ...) to
/// a reason.
UnknownReason classifyUnknownReason(const std::string &text);

/// A value in a model.
struct Value {
  enum class Kind { Bool, Int, BitVec, Other };
  Kind kind = Kind::Other;
  bool boolean = false;
  std::string integer; ///< Int: decimal with optional '-'
  std::string bits;    ///< BitVec: binary digits, most significant first
  std::string text;    ///< the value as SMT-LIB 2 text (always set)

  /// Int values that fit, and bit-vectors of width <= 64 read as two's complement.
  std::optional<int64_t> asInt64() const;
  /// Bit-vectors of width <= 64 read as unsigned.
  std::optional<uint64_t> asUint64() const;

  static Value ofBool(bool b);
  static Value ofInt(std::string decimal);
  static Value ofBits(std::string bits);
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

/// An incremental SMT solver over terms of one TermManager.
///
/// Protocol (a state machine; violating it is a bug in the caller and throws std::logic_error):
///  * The solver holds a stack of assertion levels. `assertFormula` adds a boolean formula to the top level;
///    `push` opens a level; `pop(n)` discards the top n levels with their assertions (n <= level()).
///  * `check()` decides the conjunction of all assertions; `check(assumptions)` additionally assumes each
///    boolean term in `assumptions` for this call only. The answer is Sat, Unsat or Unknown with a reason.
///  * After Sat, `value(t)` gives t's value in the model, until the next assertFormula/push/pop/check.
///  * After Unsat of `check(assumptions)`, `unsatCore()` gives a subset of those assumptions (the same terms
///    as passed) that is unsatisfiable together with the assertions, until the next assertFormula/push/pop/
///    check. It is empty when the assertions alone are unsatisfiable (always so after `check()`). It need
///    not be minimal (see core.h).
///  * `setTimeout(ms)` bounds every following check (0 = none); a check that runs out answers Unknown with
///    reason Timeout.
///  * Assumptions may be any boolean terms: non-literal ones are replaced by fresh proxy literals p with
///    `p => a` asserted at the current level, so backends only ever see literal assumptions.
///
/// The public methods are non-virtual and keep the protocol, the proxies and the statistics in one place;
/// backends implement the protected `*Impl` methods.
class Solver {
public:
  explicit Solver(TermManager &tm) : tm_(tm) {}
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
  /// Decides the current assertions together with `assumptions` (boolean terms).
  Result check(const std::vector<Term> &assumptions);
  /// The value of `t` in the model of the last Sat check.
  Value value(Term t);
  /// A subset of the assumptions of the last Unsat check(assumptions).
  std::vector<Term> unsatCore();
  /// Time limit in milliseconds for each following check; 0 means none.
  void setTimeout(unsigned ms) { timeoutMs_ = ms; }
  unsigned timeout() const { return timeoutMs_; }
  /// Number of open levels (0 at the start).
  unsigned level() const { return static_cast<unsigned>(proxies_.size() - 1); }

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
  virtual Value valueImpl(Term t) = 0;
  /// A subset of the literal assumptions of the last checkImpl.
  virtual std::vector<Term> unsatCoreImpl() = 0;

  /// Backends report the time spent inside the solver's own assert call (see SolverStats::assertSeconds).
  void addAssertSeconds(double s) { stats_.assertSeconds += s; }

  TermManager &tm_;
  unsigned timeoutMs_ = 0;

private:
  enum class State { Ready, Sat, Unsat, Unknown };
  void invalidate() { state_ = State::Ready; }
  Term literalFor(Term assumption);

  State state_ = State::Ready;
  SolverStats stats_;
  /// Per level: proxy literal for each non-literal assumption term.
  std::vector<std::unordered_map<Term, Term, TermHash>> proxies_{1};
  std::unordered_map<Term, std::vector<Term>, TermHash> lastAssumptionOf_; ///< literal -> original terms
};

/// What `makeSolver` gives: a solver, or the one-sentence reason why there is none.
struct MakeSolverResult {
  std::unique_ptr<Solver> solver;
  std::string error;
  explicit operator bool() const { return solver != nullptr; }
};

/// Builds a backend from a spec: "z3", "cvc5", "smtlib:COMMAND" (e.g. "smtlib:z3 -in",
/// "smtlib:cvc5 --lang smt2 --incremental") or "dump". A backend not built in gives the error
/// "locus was built without cvc5"; an unknown spec or a command that cannot start gives its own sentence.
MakeSolverResult makeSolver(const std::string &spec, TermManager &tm);

/// The specs of the backends built into this binary ("z3", "cvc5", "smtlib:…", "dump").
std::vector<std::string> builtinSolvers();
/// The backends with a C++ API that this build includes ("z3", "cvc5").
std::vector<std::string> apiSolvers();

} // namespace locus::backends
