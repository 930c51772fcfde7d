// The `mutate` subcommand of the driver: faulty versions of a program with their ground truth.
#pragma once

#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>

namespace locus::tools {

struct MutateCommand {
  CLI::App *cmd = nullptr;
  std::function<int(report::Reporter &)> run; ///< runs it (after parsing)
};

/// Adds `mutate` to `app`; its `--json` is the reporter's.
MutateCommand addMutateCommand(CLI::App &app, report::Reporter &rep);

/// Runs `mutate` if it was parsed and returns its exit code; nullopt otherwise.
std::optional<int> runMutateCommand(const MutateCommand &cmd, report::Reporter &rep);

} // namespace locus::tools
