// What `locus mutate` does: seeded faulty versions of a program (bench/mutate: Wolverine2's classes C1–C4,
// AllRepair's levels L1/L2) made for the procedures under test, written as IR-printed GCL with their
// ground-truth manifest, and optionally verified to mark the equivalent mutants.
#pragma once

#include "bench/mutate/manifest.h"
#include "bench/mutate/mutate.h"
#include "session/bounds.h"
#include "session/program.h"

#include <cstdint>
#include <string>
#include <vector>

namespace locus::session {

/// `mutate`'s options (docs/cli.md).
struct MutateRequest {
  Source src;
  std::vector<std::string> procs; ///< --proc, each comma-separated (default: the procedures under test)
  std::string entry = "main";
  std::string cls = "C1";
  unsigned count = 10;
  uint64_t seed = 1;
  std::string out;  ///< the folder the versions and the manifest are written to
  std::string stem; ///< their file stem (default: FILE's)
  bool verify = false;
  std::string solver = "z3";
  /// The bounds of --verify; its input nodes 0 (reference parameters null) unless given.
  Bounds bounds = [] {
    Bounds b;
    b.inputNodes = 0;
    return b;
  }();
  double timeout = 60; ///< seconds per version of --verify (0: none)
};

/// The fault class `name` names; a usage error listing them when none.
mutate::FaultClass faultClass(const std::string &name);

/// The versions made and written.
struct Mutants {
  mutate::FaultClass cls = mutate::FaultClass::C1;
  mutate::Result result;     ///< result.invalid: versions that failed IR validation (nothing was written)
  mutate::Manifest manifest; ///< as written (with --verify: which versions are equivalent)
  std::string manifestPath;
  std::vector<std::string> verdicts; ///< with --verify: each version's verdict
  bool internal = false;             ///< a counterexample of --verify did not replay
};

/// Makes the versions of `prog` (compiled from req.src) the request asks for, writes them and their manifest
/// into req.out and, with req.verify, verifies each. Procedures that do not exist, a stem that is no plain
/// file name, files that cannot be written are usage errors.
Mutants makeMutants(const MutateRequest &req, const ir::Program &prog);

} // namespace locus::session
