// The `verify` and `smt` subcommands of the driver: bounded verification and the VC as SMT-LIB 2.
#pragma once

#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locus::tools {

/// Options of `verify` and `smt` (one storage shared by both; only the parsed subcommand reads it).
struct VerifyOptionStore {
  std::string file;
  std::vector<std::string> importPath;
  size_t maxErrors = 20; ///< Diagnostics::kDefaultErrorLimit
  std::string entry = "main";
  uint32_t unwind = 5;
  std::vector<std::string> unwindLoop; ///< `--unwind-loop ID=K`, as given
  std::vector<std::string> unwindProc; ///< `--unwind-proc NAME=K`, as given
  uint32_t heap = 64;
  uint32_t inputNodes = 3;
  std::string ints = "math";
  bool noUnwindingAssertions = false;
  std::string solver = "z3";
  std::string posing = "auto";
  double timeout = 0; ///< seconds, 0 = none
  bool stats = false;
  bool trace = false;
  std::string reference, referenceEntry; ///< --reference REF, --reference-entry NAME (spec_opts.h)
  uint32_t inputBytes = 16;              ///< --input-bytes: free standard input of at most this many bytes
  std::string stdinFile;                 ///< --stdin FILE: the standard input, fixed
};

struct VerifyCommands {
  CLI::App *verify = nullptr;
  CLI::App *smt = nullptr;
  std::shared_ptr<VerifyOptionStore> opts;
};

/// Adds the `verify` and `smt` subcommands to `app`; their `--json` is the reporter's.
VerifyCommands addVerifyCommands(CLI::App &app, report::Reporter &rep);

/// Runs whichever of the two was parsed and returns its exit code; nullopt if neither was.
std::optional<int> runVerifyCommands(const VerifyCommands &cmds, report::Reporter &rep);

} // namespace locus::tools
