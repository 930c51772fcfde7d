// Test suites people already have: command lines and standard inputs with expected outputs (or a reference
// program that computes them), run by the interpreter; the runs every test-based method reads (docs/c.md,
// docs/localize.md, *Specifications*).
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"
#include "repair/common/failure.h"
#include "repair/common/tests.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::repair {

/// One test of a suite: the program's arguments, its standard input, and the expected standard output when
/// the suite gives one.
struct SuiteTest {
  std::string name;              ///< "line 3" (a suite file) or NAME (a directory's NAME.in / NAME.out)
  std::vector<std::string> args; ///< the command-line arguments (argv[1] …)
  std::string input;             ///< standard input (empty when none)
  std::optional<std::string> inputFile;
  std::optional<std::string> expected; ///< expected standard output
};

struct Suite {
  std::string path;
  std::vector<SuiteTest> tests;
};

/// Reads a suite:
/// - a file with one test per line: the arguments separated by white space (`'…'` and `"…"` quote, `\`
///   escapes the next character), optionally `< FILE` for standard input (relative to the suite's
///   folder); blank lines and lines starting with `#` are skipped;
/// - a directory of `NAME.in` (standard input), `NAME.out` (expected output) and `NAME.args` (arguments, one
///   line as above), one test per NAME that has any of them, in name order.
/// nullopt with `err` ("suite.txt:3: unterminated quote") when it cannot be read.
std::optional<Suite> loadSuite(const std::string &path, std::string &err);

/// How outputs are compared: exactly, or as white-space-separated tokens.
enum class Compare { Exact, Tokens };
bool parseCompare(const std::string &name, Compare &out);

/// The entry's arguments for a test: a command-line entry (`argc`, `argv_0`, …: ir/README.md) gets argc and
/// strtol of each argument (`program` is argv[0]); an entry with other parameters gets the arguments as
/// values (ints, true/false), one per parameter; an entry without parameters ignores them, as C's
/// `main(void)` does. nullopt with `err` when they do not fit.
std::optional<std::vector<ir::Value>> entryArgs(const ir::Program &prog, uint32_t entry,
                                                const std::vector<std::string> &args,
                                                const std::string &program, std::string &err);
/// Whether `entry` takes a command line (argc, argv_0, …).
bool isCommandLineEntry(const ir::Program &prog, uint32_t entry);

/// A program to run tests on: the program, its entry, and the name its command lines give argv[0].
struct RunTarget {
  const ir::Program *prog = nullptr;
  uint32_t entry = ir::kNone;
  std::string name;
};

/// One test run against its expectation.
struct SuiteResult {
  /// Skipped: the reference does not end ok on this test (no specification there): reported and left out.
  enum class Status { Pass, Fail, Unknown, Error, Skipped };
  Status status = Status::Error;
  std::string
      message; ///< why it failed ("the output differs … at line 2: expected '5', got '4'"), or the error
  std::vector<ir::Value> args;          ///< the entry's arguments
  std::string input;                    ///< the standard input
  std::optional<ir::Expect> expect;     ///< what the run was checked against (none: the program's own checks)
  TestRun run;                          ///< the program's run (coverage recorded)
  std::optional<ir::Outcome> reference; ///< the reference's run, when it computed the expectation
};
const char *statusName(SuiteResult::Status s); ///< "PASS", "FAIL", "UNKNOWN", "ERROR", "SKIP"

/// How runSuite runs the tests of a candidate program (a repair's search), beyond `locus test`'s way.
struct SuiteRunOptions {
  /// Stop after the first test that fails or cannot run (Fail, Error): the results end there.
  bool stopAtFailure = false;
  /// With a reference and > 0: a test's run may execute at most this many times the statements the
  /// reference's run on it executed (at least minSteps, at most the options' stepLimit); a run that needs
  /// more ends as a limit (Unknown), as a run that reaches the options' stepLimit does.
  uint64_t referenceStepFactor = 0;
  uint64_t minSteps = 0;
};

/// Runs every test of `suite` on `target` with `opts` (its input and expectation set per test). The expected
/// output is the reference's output and result when `reference` is given (its run must end ok, else the
/// test is Skipped: no specification), else the test's `.out` (compared as `compare` says), else none: the
/// test passes when the program's own checks hold. A test passes when the run ends ok; fails on a failure (an
/// output that differs is failure kind `output`); Unknown on a limit; Error when it cannot run (bad
/// arguments, infeasible).
std::vector<SuiteResult> runSuite(const RunTarget &target, const Suite &suite, const RunTarget *reference,
                                  Compare compare, const ir::InterpOptions &opts,
                                  const SuiteRunOptions &how = {});

/// The runs of the tests that passed or failed, for spectra (TestRun::passed/failed).
std::vector<TestRun> suiteRuns(const std::vector<SuiteResult> &results);

/// The failure of a failing test (`results[k]`, status Fail) for a localization method: the entry, its
/// arguments, input, expectation and run, the nondet values the run drew; `test` is its index in
/// suiteRuns(results); the bound covers the run (at least `unwind`).
Failure suiteFailure(const std::vector<SuiteResult> &results, size_t k, uint32_t entry,
                     const std::string &origin, ir::IntMode ints, uint32_t unwind);

} // namespace locus::repair
