// The `mutate` subcommand of the driver: faulty versions of a program with their ground truth.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>

namespace locus::tools {

struct MutateCommand {
  CLI::App *cmd = nullptr;
  std::function<int()> run; ///< runs it (after parsing)
};

/// Adds `mutate` to `app`.
MutateCommand addMutateCommand(CLI::App &app);

/// Runs `mutate` if it was parsed and returns its exit code; nullopt otherwise.
std::optional<int> runMutateCommand(const MutateCommand &cmd);

} // namespace locus::tools
