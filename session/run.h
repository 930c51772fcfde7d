// Running the program with the interpreter (`locus run`, `locus test`): the interpreter's options from the
// command line, the notes on indeterminate reads, the declared tests run and tallied, a suite run tallied,
// and the exit code of each.
#pragma once

#include "ir/diagnostics.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "repair/common/suite.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace locus::session {

/// The interpreter's options as the command line gives them (`run`, `test`).
struct ExecOptions {
  uint64_t steps = 1'000'000;   ///< --steps: statements executed before giving up (exit 3)
  std::string ints = "math";    ///< --ints: math or bv32
  std::optional<uint64_t> seed; ///< --seed: nondet values drawn after --nondet's run out
  std::string nondet;           ///< --nondet, comma-separated
  bool trace = false;           ///< --trace: the whole executed trace
};

/// The interpreter's options of `e`; a `--nondet` value that does not parse is a usage error.
ir::InterpOptions interpOptions(const ExecOptions &e);

/// The notes on the reads of indeterminate values the runs of one command made (`note: 'x' read before it was
/// written; its value was drawn: -5`, at the read), each read and object once.
class IndeterminateNotes {
public:
  explicit IndeterminateNotes(const SourceManager &sm) : notes_(sm) {}
  /// Adds the notes of `o`'s reads not noted before.
  void add(const ir::Outcome &o);
  const Diagnostics &notes() const { return notes_; }

private:
  Diagnostics notes_;
  std::set<std::pair<std::string, std::string>> seen_; ///< (location, object)
};

/// The exit code of a run: 0 ok or infeasible, 1 a failure, 3 a limit, 2 an error.
int exitFor(const ir::Outcome &o);

/// The declared tests run (`locus test`), each on its own interpreter, and their tally.
struct TestRun {
  struct Test {
    uint32_t proc; ///< the test procedure
    ir::Outcome outcome;
  };
  std::vector<Test> tests;
  size_t passed = 0, failed = 0, unknown = 0; ///< infeasible counts as failed
  /// 1 when a test failed, else 3 when one ran out of steps, else 0.
  int exit() const;
};
/// Runs each of `tests` (declaredTestsToRun) with `io`; their indeterminate reads go to `notes`.
TestRun runDeclaredTests(const ir::Program &prog, const std::vector<uint32_t> &tests,
                         const ir::InterpOptions &io, IndeterminateNotes &notes);
/// A test's status word: PASS, FAIL, UNKNOWN (a limit) or INFEASIBLE.
const char *testStatus(const ir::Outcome &o);

/// The tally of a suite run (`locus test --tests`).
struct SuiteTally {
  size_t total = 0, passed = 0, failed = 0, unknown = 0, errors = 0;
  size_t leftOut = 0; ///< tests the reference does not end ok on (Status::Skipped)
  /// 1 when a test failed, else 2 when one could not run or every test was left out (a test the reference
  /// fails is no specification), else 3 when one ran out of steps, else 0.
  int exit() const;
};
SuiteTally tally(const std::vector<repair::SuiteResult> &results);

} // namespace locus::session
