// One entry point for every front end: a source file (GCL or C, chosen by its extension) to validated IR.
// The driver, the bench runners and the tests compile through here, so a new front end is wired in one place.
#pragma once

#include "ir/diagnostics.h"
#include "ir/ir.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::frontend {

enum class Language { Gcl, C };

/// The language of `path`: `.c`, `.h` and `.i` (preprocessed C, as verification tasks ship) are C,
/// everything else is GCL.
Language languageOf(const std::string &path);

struct Options {
  /// GCL: directories searched by `import`. C: extra `#include` directories (-I).
  std::vector<std::string> importPath;
};

/// Wall-clock time of the two front-end phases (parse, including imports/preprocessing; check + lower).
struct Timings {
  double parseSeconds = 0, lowerSeconds = 0;
};

/// Reads, checks and lowers `path`; every problem goes to `diags`. nullopt when an error was reported
/// (including "cannot read"). The IR returned has passed ir::validate.
std::optional<ir::Program> compileSource(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                         const Options &opts = {}, Timings *timings = nullptr);
/// The same from in-memory text registered under `path` (its language by that name; imports and includes
/// resolve relative to it): a patched version of a user's file, compiled under the user's file name.
std::optional<ir::Program> compileText(const std::string &path, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const Options &opts = {});

} // namespace locus::frontend
