// The `debug` subcommand of the driver: the interactive debugger (debug/, docs/debug.md).
#pragma once

#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>

namespace locus::tools {

struct DebugCommand {
  CLI::App *cmd = nullptr;
  std::function<int(report::Reporter &)> run; ///< runs it (after parsing); its exit code
};

/// Adds `debug` to `app`.
DebugCommand addDebugCommand(CLI::App &app, report::Reporter &rep);

} // namespace locus::tools
