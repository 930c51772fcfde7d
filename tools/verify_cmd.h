// The `verify` and `smt` subcommands of the driver: bounded verification and the VC as SMT-LIB 2.
#pragma once

#include "session/verify.h"
#include "tools/heap_output.h"
#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locus::tools {

/// Options of `verify` and `smt` (one storage shared by both; only the parsed subcommand reads it): the
/// request (session/verify.h) and what is only printed or written.
struct VerifyOptionStore {
  session::VerifyRequest req;
  bool stats = false;
  bool trace = false;
  bool progress = false;   ///< --progress: the progress line on stderr also when it is not a terminal
  HeapFlags heap;          ///< verify --heap-dot, --heap-svg: the counterexample's failing state
  std::string html;        ///< verify --html FILE: the report page
  bool showChecks = false; ///< verify --show-checks: list the checks, verify nothing
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
