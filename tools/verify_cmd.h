// The `verify` and `smt` subcommands of the driver: bounded verification and the VC as SMT-LIB 2.
#pragma once

#include "session/bounds.h"
#include "session/program.h"
#include "tools/heap_output.h"
#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locus::tools {

/// Options of `verify` and `smt` (one storage shared by both; only the parsed subcommand reads it).
struct VerifyOptionStore {
  session::Source src;
  std::string entry = "main";
  session::Bounds bounds;
  std::string solver = "z3";
  std::string posing = "auto";
  double timeout = 0;       ///< seconds, 0 = none
  uint32_t maxUnwind = 256; ///< --max-unwind: the last bound of --unwind auto and --k-induction
  bool kInduction = false;  ///< verify --k-induction
  bool stats = false;
  bool trace = false;
  bool progress = false;     ///< --progress: the progress line on stderr also when it is not a terminal
  bool checkUninit = false;  ///< --check-uninit: a read of an indeterminate value is a failure
  session::SpecSource spec;  ///< --reference, --reference-entry
  HeapFlags heap;            ///< verify --heap-dot, --heap-svg: the counterexample's failing state
  std::string html;          ///< verify --html FILE: the report page
  bool showChecks = false;   ///< verify --show-checks: list the checks, verify nothing
  bool noMergeCalls = false; ///< verify, smt --no-merge-calls: every call its own inlined body
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
