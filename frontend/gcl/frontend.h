// The GCL front end's public interface: load (parse + imports), check, lower.
// Nothing outside frontend/gcl sees ANTLR; callers get an AST, diagnostics and IR.
#pragma once

#include "frontend/gcl/ast.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::gcl {

struct FrontendOptions {
  /// Directories searched for `import "name";` after the importing file's directory, before the standard
  /// library.
  std::vector<std::string> importPath;
};

/// The standard library's directories: $LOCUS_STDLIB (colon-separated) if set; else, for an installed locus
/// (PREFIX/bin/locus), PREFIX/share/locus/stdlib; else the source tree's stdlib/. Its files are shown as
/// `<stdlib>/NAME.gcl` in diagnostics, traces and the IR.
std::vector<std::string> standardLibraryDirs();

/// Parses one file (already in `sm`) into a module. Syntax errors go to `diags`; the module returned
/// holds whatever could be recovered. Never throws.
std::unique_ptr<Module> parseModule(uint32_t file, const SourceManager &sm, Diagnostics &diags);

/// Loads `path` and, transitively, every file it imports (each once; import cycles are errors).
/// Returns nullopt only if the main file cannot be read; otherwise check diags.hasErrors().
std::optional<Unit> loadUnit(const std::string &path, SourceManager &sm, Diagnostics &diags,
                             const FrontendOptions &opts = {});

/// Name resolution and type checking; annotates the AST in place. Reports every error it finds.
/// Returns true when there were no errors.
bool checkUnit(Unit &unit, Diagnostics &diags);

/// Lowers a checked unit to canonical IR (precondition: checkUnit returned true). Malformed source
/// information of printed IR (more expression ranges than a statement has nodes) goes to `diags`.
ir::Program lowerUnit(const Unit &unit, const SourceManager &sm, Diagnostics *diags = nullptr);

/// Wall-clock seconds of the two phases: loading (parse + imports) and check + lower.
struct PhaseTimes {
  double parseSeconds = 0, lowerSeconds = 0;
};

/// The GCL pipeline, the only one (frontend::compileSource calls it for `.gcl` files): load (parse +
/// imports), check, lower (its errors to `diags`), validate. nullopt when any error was reported
/// (including "cannot read").
std::optional<ir::Program> compileFile(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                       const FrontendOptions &opts = {}, PhaseTimes *times = nullptr);
/// The same from in-memory text registered under `displayPath` (imports resolve relative to it).
std::optional<ir::Program> compileText(const std::string &displayPath, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const FrontendOptions &opts = {},
                                       PhaseTimes *times = nullptr);

} // namespace locus::gcl
