// Bounded verification of one entry procedure: encode, solve, extract and replay the counterexample.
#pragma once

#include "backends/encoder/encoder.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace locus::encoder {

enum class Verdict {
  Safe,        ///< no failure within the bounds (and the bounds were sufficient, if checked)
  Failed,      ///< a real failure; `outcome` is the interpreter's replay, which reached the same failure
  BoundFailed, ///< no real failure within the bounds, but an unwinding / heap-bound check can fail
  Unknown,     ///< the solver answered unknown (`reason`)
  Error,       ///< the solver could not be made (`reason`)
  Mismatch,    ///< internal error: the counterexample did not replay (`reason`)
};
const char *verdictName(Verdict v); ///< "safe", "failed", "bound", "unknown", "error", "internal-error"

struct VerifyOptions {
  EncodeOptions encode;
  std::string solver = "z3";
  /// How the solver poses the queries (none needs an unsat core); Auto: the backend's measured default.
  backends::Posing posing = backends::Posing::Auto;
  /// Set the solver up with unsat-core production although no query needs it (for measurements).
  bool cores = false;
  /// Two calls of a recursive procedure on exclusive paths share one inlined body
  /// (EncodeOptions::mergeCalls);
  /// `--no-merge-calls` turns it off (to compare the encodings' sizes: bench/recursion).
  bool mergeCalls = true;
  /// Time limit of the solver's check calls of one verification, all queries together (0: none). The
  /// encoding stops at this much wall time from the start too (EncodeOptions::stop; an encoding cut short
  /// is Unknown, reason "timeout"); the hand-over of an encoding made in time is not cut.
  unsigned timeoutMs = 0;
  /// The clock that limit is measured on: seconds spent in the solver's check calls so far. Empty: the
  /// solver's own statistics (wall time). Tests inject a clock of their own to test the budget exactly.
  std::function<double()> solveClock;
  /// When the counterexample found reads an indeterminate value (an uninitialized local, also one a scan
  /// left unassigned because it read nothing), search once more on the program with every such read assumed
  /// away (ir::assumeDefinedReads) and show that counterexample instead when there is one: the same verdict,
  /// a run that does not depend on undefined behaviour (a student's `scanf` reading its numbers rather than
  /// failing on a '+'). The second search gets four times the first's time (at least 1 s, at most what the
  /// limit leaves); without an answer the first counterexample stands. Off for the candidate programs of
  /// repair; `verify` and the failure localize and repair explain turn it on (not with --check-uninit).
  bool preferDefinedReads = false;
};

struct VerifyResult {
  Verdict verdict = Verdict::Unknown;
  std::string reason;
  std::optional<Check> check;         ///< the failed check (Failed, BoundFailed, Mismatch)
  Counterexample cx;                  ///< its inputs
  std::optional<ir::Outcome> outcome; ///< the interpreter's replay of them
  std::string solverName;
  /// Wall time of the phases: encode (IR → terms); solver start and stop (creating the solver — a context,
  /// or a process for the SMT-LIB pipe — and destroying it); hand-over (giving it the formula: our
  /// translation into its API or text); solver assert (the solver's own work in its assert calls, apart
  /// from hand-over); solve (inside its check calls); replay (reading the model and running the
  /// counterexample in the interpreter). Ours: encode, hand-over, replay; the solver's: start/stop, solver
  /// assert, solve.
  double encodeSeconds = 0, solverStartStopSeconds = 0, handOverSeconds = 0, solverAssertSeconds = 0,
         solveSeconds = 0, replaySeconds = 0;
  size_t constraints = 0, terms = 0, checks = 0, selectors = 0;
  size_t decidedChecks = 0; ///< check instances the encoding decided by itself (Encoding::decidedChecks)
  size_t mergedCalls = 0;   ///< pairs of calls encoded as one (EncodeOptions::mergeCalls)
  /// verifyUnbounded: the bound of the answer (the deepest one verified; 0: a plain bounded verification),
  /// what a Safe answer proves ("all loops unwound: every input", "k-induction, k = 3: every input"; empty:
  /// safe up to the bounds) and, for a BoundFailed or Unknown answer, why the search stopped.
  uint32_t unwindReached = 0;
  std::string proof;
  std::string searchNote;
};

/// Why `solver` cannot decide the specification in `opts` on `prog` with entry `entry` (empty when it can):
/// z3's string theory (4.8) is unreliable, and comparing with a reference's output
/// (EncodeOptions::expect.reference) needs strings unless the outputs compare as output events
/// (outputEventsProblem) or print by print (EncodeOptions::printEvents, which referenceComparison sets).
std::string unsupportedSpec(const ir::Program &prog, uint32_t entry, const EncodeOptions &opts,
                            const std::string &solver);
/// The reason (after `other: `) of an Unknown answer whose counterexample differs from the reference's output
/// print by print but not as text (EncodeOptions::printEvents).
inline constexpr const char *kPrintByPrintReason =
    "the outputs differ print by print on this input but not as text (with z3 a reference's output whose "
    "lines are not output events is compared print by print; --solver cvc5 compares the text)";
/// `opts` with EncodeOptions::printEvents set when `solver` is z3: a reference's output that is not line
/// events is then compared print by print, not as strings.
EncodeOptions referenceComparison(EncodeOptions opts, const std::string &solver);

/// Verify's reason for an encoding that `e` cut short (Verdict::Unknown): "timeout: …" as a solver's time
/// limit, "other: interrupted (while encoding)" as an interrupted check.
std::string stoppedReason(const Stopped &e);

/// The formula of verify's first query: some check, real or bound, fails. verify asserts the encoding and
/// checks this with Need::NoCore (unsat: SAFE); `locus smt` prints the same query from the dump backend.
Term anyFailure(const Encoding &enc, backends::TermManager &tm);

/// verify's first query as SMT-LIB text: what the SMT-LIB pipe sends a solver of `opts.solver`'s family,
/// posed and set up as `opts.posing` and `opts.cores` say. `locus smt` prints it; `bench verify --plain`
/// times solver binaries on it.
struct PrintedQuery {
  std::string script;
  backends::Posing posing = backends::Posing::Auto; ///< the posing it shows (Auto resolved)
  size_t checks = 0;                                ///< checks of the encoding
};
PrintedQuery printQuery(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts);

/// A check of verify's query as `locus verify --show-checks` lists it: the check and its statement instance
/// (the calls and loop iterations it runs in, outermost first).
struct ListedCheck {
  CheckKind kind = CheckKind::Assert;
  ir::StmtId stmt = 0; ///< 0: a specification of the entry (its requires or ensures)
  uint32_t proc = ir::kNone;
  std::string message;
  ir::ContextPath context;
};
/// The checks verify's query asks about, in encoding order: one per statement instance after inlining and
/// unrolling, the unwinding and heap-bound checks included; the program is encoded, nothing is solved.
std::vector<ListedCheck> checksOf(const ir::Program &prog, uint32_t entry, const EncodeOptions &opts);

/// Verifies `entry` with the solver `opts.solver` names, made for this run and destroyed after it.
VerifyResult verify(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts);
/// The same on a solver the caller made over `tm` (`opts.solver` is not used; solverStartStopSeconds stays
/// 0): for wrapped or instrumented backends.
VerifyResult verifyOn(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                      backends::TermManager &tm, backends::Solver &solver);

/// How verification goes past a fixed bound (`--unwind auto`, `--k-induction`; docs/cli.md, "Beyond a fixed
/// bound").
struct UnboundedOptions {
  bool kInduction = false; ///< also try the inductive step at every bound (else: bounds alone)
  uint32_t maxUnwind = 256;
};

/// The bounds the search verifies, in order: 1, 2, 4, … (powers of two) below `maxUnwind`, then `maxUnwind`.
std::vector<uint32_t> unwindSchedule(uint32_t maxUnwind);

/// Why the inductive step cannot be used soundly on `entry` of `prog` (empty: it can): recursion, arrays,
/// the standard input, a specification of the output or result.
std::string inductionUnsupported(const ir::Program &prog, uint32_t entry, const EncodeOptions &opts);

/// Bounded verification at each bound of unwindSchedule (every loop and recursion bound at least K:
/// EncodeOptions::unwind and unwindFloor), a new encoding and solver per bound, stopping at the first
/// answer that does not depend on the bound: Failed (a real failure, replayed), Safe with no bound check
/// able to fail (`proof` "all loops unwound: every input"), or an error. With `kInduction`, when only the
/// unwinding check of one loop instance can fail at bound K, the inductive step with k = K at that loop
/// (EncodeOptions::induction) is tried: unsat (and the loop reached) is Safe ("k-induction, k = K"). The
/// time limit `opts.timeoutMs` is the whole search's (wall time); running out, or the last bound, gives
/// the last bound's answer (BoundFailed, or Unknown) with `searchNote`.
VerifyResult verifyUnbounded(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                             const UnboundedOptions &u);

/// Replays `cx` in the interpreter; true if it reaches `check` (same failure kind at the same statement;
/// for a bound check: the statement is reached, a loop at least unwind + 1 times). `why` explains a no.
bool replays(const ir::Program &prog, uint32_t entry, const Check &check, const Counterexample &cx,
             const EncodeOptions &opts, ir::Outcome &out, std::string &why);

} // namespace locus::encoder
