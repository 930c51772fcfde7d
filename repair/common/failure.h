// The failure a localization or repair method explains: an entry procedure, concrete inputs, and the
// interpreter's run on them that fails a check (or runs a loop past the bound).
#pragma once

#include "backends/encoder/verify.h"
#include "ir/interp.h"
#include "ir/ir.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::repair {

struct Failure {
  uint32_t entry = ir::kNone; ///< the procedure run (a test, or the entry of the counterexample)
  std::vector<ir::Value> args;
  std::vector<ir::Value> nondets;
  std::vector<ir::HeapNode> heap; ///< input nodes (n1, n2, …)
  std::string input;              ///< standard input
  /// The specification beyond the program's own checks: an expected output and status (a test suite's), or
  /// a reference procedure (a product program, ir/product.h). A failure of kind `output` violates it.
  ir::Expect expect;
  ir::Outcome run; ///< the interpreter's run on these inputs
  /// A bound failure: the run makes a loop run more than `unwind` times (or recurses deeper); the statement
  /// is `boundStmt`. Otherwise `run` is a Failure outcome.
  bool bound = false;
  ir::StmtId boundStmt = 0;
  std::string origin; ///< where it comes from: "counterexample of verify (z3)", "test t1", "--args"
  /// The unwinding bound to encode the failure with: covers the run (for a bound failure: the bound that
  /// was overrun).
  uint32_t unwind = 5;
  ir::IntMode ints = ir::IntMode::Math;
  /// When the failure is one of the problem's test runs (a failing test of a suite): its index there, so
  /// that spectra do not count it twice.
  std::optional<size_t> test;

  /// One line: "assert failed at file:line:col" (what failed, where).
  std::string describe(const ir::Program &prog) const;
  /// The check that failed (as the interpreter reports it) at `run.stmt`, or boundStmt.
  ir::StmtId failingStmt() const { return bound ? boundStmt : run.stmt; }
};

/// Where the failure comes from.
struct FailureSpec {
  enum class Kind { Verify, Test, Inputs };
  Kind kind = Kind::Verify;
  std::string entry = "main";           ///< Verify, Inputs: the procedure
  std::string test;                     ///< Test: the test's name
  std::vector<ir::Value> args, nondets; ///< Inputs
  std::string input;                    ///< Inputs, Test: standard input (verify: free, see encode options)
  /// Verify: the verification that finds a counterexample (solver, bounds, integer mode, time limit); its
  /// encode options (unwind, ints) also apply to the other kinds.
  encoder::VerifyOptions verify;
};

enum class FailureStatus {
  Found,   ///< `failure` is set
  None,    ///< nothing fails (verify: SAFE within the bounds; the test or the run passes)
  Unknown, ///< verify answered unknown (time limit): `message` says why
  Invalid, ///< a usage error: no such entry or test, wrong arguments (`message`)
  Internal ///< verify's counterexample did not replay
};

struct FailureSearch {
  FailureStatus status = FailureStatus::None;
  std::optional<Failure> failure;
  std::string message;
};

/// The unwinding bound that covers a run (its longest loop, its deepest recursion), at least `atLeast`.
uint32_t boundCovering(const ir::Outcome &o, uint32_t atLeast);

/// Finds the failure `spec` asks for: verify's counterexample (replayed by the interpreter), a failing
/// declared test, or a run on given inputs.
FailureSearch findFailure(const ir::Program &prog, const FailureSpec &spec);

/// Further failures of `spec`'s entry (Kind::Verify), for methods that localize several at once: up to `n`
/// in all, `first` (findFailure's) first, then counterexamples of verify's encoding whose inputs (arguments,
/// input heap, nondet values) differ from every one before, each replayed by the interpreter. Fewer when
/// there are no more within the bounds, the solver gives up or a counterexample does not replay.
std::vector<Failure> moreFailures(const ir::Program &prog, const FailureSpec &spec, const Failure &first,
                                  size_t n);

} // namespace locus::repair
