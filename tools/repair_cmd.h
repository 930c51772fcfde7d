// The `repair` subcommand of the driver: patches, as source diffs, that make a failing program verify.
#pragma once

#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>

namespace locus::tools {

struct RepairCommand {
  CLI::App *cmd = nullptr;
  std::function<int(report::Reporter &)> run; ///< runs it (after parsing); its exit code
};

/// Adds `repair` to `app`.
RepairCommand addRepairCommand(CLI::App &app, report::Reporter &rep);

} // namespace locus::tools
