// The `localize` subcommand of the driver: ranked statements that explain a failure.
#pragma once

#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>

namespace locus::tools {

struct LocalizeCommand {
  CLI::App *cmd = nullptr;
  std::function<int(report::Reporter &)> run; ///< runs it (after parsing); its exit code
};

/// Adds `localize` to `app`.
LocalizeCommand addLocalizeCommand(CLI::App &app, report::Reporter &rep);

} // namespace locus::tools
