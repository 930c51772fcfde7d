// The `localize` subcommand of the driver: ranked statements that explain a failure.
#pragma once

#include "ir/ir.h"
#include "repair/common/failure.h"
#include "repair/common/method_options.h"
#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <functional>

namespace locus::tools {

struct LocalizeCommand {
  CLI::App *cmd = nullptr;
  std::function<int(report::Reporter &)> run; ///< runs it (after parsing); its exit code
};

/// A failure as JSON (docs/localize.md: `failure`), and as text: what failed, where, its origin and inputs
/// (`locus localize` and `locus repair` print it).
report::Json failureJson(const ir::Program &prog, const repair::Failure &f);
void printFailure(std::ostream &os, const ir::Program &prog, const repair::Failure &failure);

/// Registers the methods' option declarations (merged: localize::optionDeclarations,
/// fix::optionDeclarations) on `cmd`, each given value collected into `values` (`locus localize` and
/// `locus repair`).
void addMethodOptions(CLI::App *cmd, const std::vector<repair::OptionDecl> &decls,
                      repair::OptionValues &values);

/// Adds `localize` to `app`.
LocalizeCommand addLocalizeCommand(CLI::App &app, report::Reporter &rep);

} // namespace locus::tools
