// What `verify` and `smt` do before and around the solver: the request as the command line gives it, the
// program loaded with its entry and verify's options (the bounds, the product with a reference, the solver
// and how it is posed), verify at one bound or with `--unwind auto` / `--k-induction`, and the exit code.
#pragma once

#include "backends/encoder/verify.h"
#include "session/bounds.h"
#include "session/program.h"

#include <functional>
#include <memory>
#include <string>

namespace locus::session {

/// `verify`'s and `smt`'s options (docs/cli.md).
struct VerifyRequest {
  Source src;
  std::string entry = "main";
  Bounds bounds;
  std::string solver = "z3";
  std::string posing = "auto";
  double timeout = 0;        ///< seconds, 0 = none
  uint32_t maxUnwind = 256;  ///< --max-unwind: the last bound of --unwind auto and --k-induction
  bool kInduction = false;   ///< verify --k-induction
  bool checkUninit = false;  ///< --check-uninit: a read of an indeterminate value is a failure
  bool noMergeCalls = false; ///< --no-merge-calls: every call its own inlined body
  SpecSource spec;           ///< --reference, --reference-entry
  /// verify's answer depends on no bound: --unwind auto or --k-induction (encoder::verifyUnbounded).
  bool unbounded() const { return bounds.unwindAuto || kInduction; }
};

/// The program loaded, its entry, and verify's options.
struct VerifySubject {
  std::unique_ptr<Loaded> loaded; ///< `loaded->prog` empty: the file does not compile (nothing else is set)
  uint32_t entry = ir::kNone;
  encoder::VerifyOptions vo; ///< with the time limit
};

/// Loads the program (its diagnostics, and the reference's, go to `diagnostics`), finds the entry (a test
/// too), with --check-uninit marks the indeterminate reads as failures, resolves the bounds and, with a
/// reference, replaces the program by its product with the reference (ir/product.h).
VerifySubject prepareVerify(const VerifyRequest &req,
                            const std::function<void(const Diagnostics &)> &diagnostics);

/// Verifies: encoder::verify at the bound, or encoder::verifyUnbounded for --unwind auto and --k-induction.
encoder::VerifyResult verify(const VerifyRequest &req, const ir::Program &prog, uint32_t entry,
                             const encoder::VerifyOptions &vo);

/// The exit code of verify's answer: 0 safe, 1 failed, 3 a bound failure or unknown, else 4.
int verifyExit(const encoder::VerifyResult &r);

} // namespace locus::session
