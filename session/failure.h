// Which failure a command explains: verify's counterexample, a declared test, a run on given inputs, a test
// of a suite (with a reference or expected outputs), or every failing declared test — and the runs beside
// it (the suite's and the declared tests') that spectrum methods read.
#pragma once

#include "repair/common/failure.h"
#include "repair/common/tests.h"
#include "session/bounds.h"
#include "session/program.h"

#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::session {

/// The failure the user asks for (docs/localize.md, "Which failure").
struct FailureRequest {
  std::string file;           ///< the user's file (its declared tests)
  std::string entry = "main"; ///< verify's entry, the entry of --args, the suite's program
  std::string test;           ///< --test NAME: a declared test, or a test of the suite
  std::string args;           ///< --args, comma-separated (with haveArgs)
  bool haveArgs = false;
  std::string nondet;      ///< --nondet values of that run
  size_t failures = 1;     ///< --failures N: further counterexamples of verify
  bool allFailing = false; ///< --all-failing: every failing declared test
  bool haveStdin = false;  ///< --stdin was given (its bytes are the base spec's input)
  SpecSource spec;         ///< --tests, --compare (the reference is the caller's)
};

/// Checks that the options of `req` go together (a usage error when they do not).
void checkRequest(const FailureRequest &req);

/// The failure found and the runs beside it.
struct Selection {
  repair::FailureSearch found;
  /// --all-failing and no declared test fails (found.status None).
  bool noFailingTest = false;
  /// The suite's runs first (Failure::test indexes them), then the declared tests' runs.
  std::vector<repair::TestRun> tests;
  /// Further failures of the same entry (--failures N, --all-failing), after found.failure.
  std::vector<repair::Failure> more;
  /// The suite's tests left out because the reference does not end ok on them: "line 3 of suite.txt: the
  /// reference does not end ok on this test (…): left out".
  std::vector<std::string> leftOut;
};

/// Finds the failure `req` asks for in `prog` (the program, or its product with a reference when there is
/// no suite). `base` carries verify's options (solver, bounds, time limit, the product's expectation) and the
/// standard input; `reference` is the suite's expectation when both --tests and --reference are given.
/// Usage errors (no such test, arguments that do not fit, a suite test that cannot run) are thrown.
Selection selectFailure(const ir::Program &prog, const FailureRequest &req, const repair::FailureSpec &base,
                        const Reference *reference);

/// What a command that explains a failure asks for: the program, its bounds, verify's solver and limit, the
/// specifications beside it and the failure.
struct SubjectRequest {
  Source src;
  Bounds bounds;
  std::string solver = "z3";
  unsigned timeoutMs = 0; ///< verify's (0: none)
  FailureRequest failure; ///< its `spec` has the reference and the suite
};

/// The program made ready and its failure chosen: loaded; with a reference and no suite, replaced by its
/// product with the reference (verify's counterexample, or the given run, compared with the reference on the
/// same inputs: ir/product.h); the failure selected (`selection`).
struct Subject {
  std::unique_ptr<Loaded> loaded; ///< `loaded->prog` empty: the file does not compile (nothing else is set)
  std::optional<Reference> reference;
  Selection selection;
  const ir::Program &prog() const { return *loaded->prog; }
};

/// Loads, resolves the bounds and the specifications and selects the failure. Every front-end diagnostics
/// (the program's, the reference's) goes to `diagnostics` as soon as it is known; usage errors are thrown.
Subject prepare(const SubjectRequest &req, const std::function<void(const Diagnostics &)> &diagnostics);

/// The procedures `--procs` names (comma-separated); a usage error for a name with no procedure.
std::unordered_set<uint32_t> namedProcedures(const ir::Program &prog, const std::string &list);

} // namespace locus::session
