// The specification options `test`, `verify` and `localize` share: a reference program (`--reference`), a
// test suite (`--tests`) and how outputs are compared (`--compare`); docs/cli.md, docs/localize.md.
#pragma once

#include "ir/product.h"
#include "repair/common/suite.h"
#include "tools/report.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace locus::tools {

struct SpecStore {
  std::string reference;      ///< --reference REF.c|REF.gcl
  std::string referenceEntry; ///< --reference-entry (default: the same name as the entry)
  std::string tests;          ///< --tests PATH (a suite file or directory)
  std::string compare = "exact";
  std::string stdinFile; ///< --stdin FILE (run: the standard input)
  std::string argv;      ///< --argv "ARGS" (run: a command line)
};

/// Registers --reference, --reference-entry and, with `withTests`, --tests and --compare.
void addSpecOptions(CLI::App *cmd, SpecStore &s, bool withTests);

/// Compiles a reference program; its diagnostics go to the reporter and a program that does not compile is
/// a usage error (exit 2).
ir::Program compileReference(const std::string &file, const std::vector<std::string> &importPath,
                             report::Reporter &rep);
/// The reference's entry: --reference-entry, else the program's entry's name; a usage error when missing.
uint32_t referenceEntry(const ir::Program &ref, const SpecStore &s, const std::string &entryName);
/// The product of the program with the reference (ir/product.h); a usage error when they do not fit.
ir::Product productWith(const ir::Program &prog, uint32_t entry, const ir::Program &ref, uint32_t refEntry);

repair::Compare compareOf(const SpecStore &s);
/// Loads --tests (a usage error when it cannot be read).
repair::Suite loadTests(const SpecStore &s);

/// The command line of a command-line entry's arguments as text ("3 -1 7"), or "" when it is none.
std::string commandLineText(const ir::Program &prog, uint32_t entry, const std::vector<ir::Value> &args);

} // namespace locus::tools
