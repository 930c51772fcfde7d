// The command-line options the commands share, bound to the session's structures: the bounds of the
// encoding (every command that encodes takes the same ones), the specifications beside the program, the
// methods' own options, the limits (`--memory`, `--timeout`) and the files options name (`--html`, …).
#pragma once

#include "repair/common/method_options.h"
#include "session/bounds.h"
#include "session/program.h"

#include <CLI/CLI.hpp>

namespace locus::tools {

/// Registers --unwind, --unwind-loop, --unwind-proc, --heap, --input-nodes, --ints,
/// --no-unwinding-assertions and --input-bytes; with `withAuto` (verify, smt) --unwind also takes `auto`
/// (Bounds::unwindAuto).
void addBoundOptions(CLI::App *cmd, session::Bounds &b, bool withAuto = false);

/// Registers --reference, --reference-entry and, with `withTests`, --tests and --compare.
void addSpecOptions(CLI::App *cmd, session::SpecSource &s, bool withTests);

/// Registers the methods' option declarations (merged: localize::optionDeclarations,
/// fix::optionDeclarations) on `cmd`, each given value collected into `values` (`locus localize` and
/// `locus repair`).
void addMethodOptions(CLI::App *cmd, const std::vector<repair::OptionDecl> &decls,
                      repair::OptionValues &values);

/// Adds `--html FILE` (the report page of session/html.h); `what` says what the page shows besides the source
/// and the answer.
void addHtmlOption(CLI::App *cmd, std::string &file, const std::string &what);

/// Writes `text` to `path`, the file an option (`--html`, `--sarif`, `--out`, `--heap-dot`, …) names; a file
/// that cannot be written is a usage error naming the option.
void writeOptionFile(const std::string &option, const std::string &path, const std::string &text);

/// Adds `--memory MB` to `cmd`, stored in `mb` (0: no limit; session::limitMemory sets it).
void addMemoryOption(CLI::App *cmd, size_t &mb);

/// The check of every `--timeout SECONDS` (session::checkTimeLimit): a usage error naming the option.
CLI::Validator timeLimitCheck();

} // namespace locus::tools
