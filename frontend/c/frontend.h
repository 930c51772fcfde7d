// The C front end's public interface: a C file (the subset in docs/c.md) to canonical IR through clang.
// Nothing outside frontend/c sees clang; callers get diagnostics and IR.
#pragma once

#include "ir/diagnostics.h"
#include "ir/ir.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::c {

struct Options {
  std::vector<std::string> includeDirs; ///< extra `#include` directories (-I)
};

/// Wall-clock seconds of the two phases: clang (preprocess, parse, type-check) and the lowering.
struct PhaseTimes {
  double parseSeconds = 0, lowerSeconds = 0;
};

/// Reads `path` into `sm`, parses it with clang and lowers it. Every problem (cannot read, clang errors,
/// unsupported constructs) goes to `diags`; nullopt when an error was reported. The IR is not validated
/// here (frontend::compileSource does it).
std::optional<ir::Program> compileFile(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                       const Options &opts = {}, PhaseTimes *times = nullptr);
/// The same from in-memory text registered under `displayPath` (includes resolve relative to it).
std::optional<ir::Program> compileText(const std::string &displayPath, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const Options &opts = {},
                                       PhaseTimes *times = nullptr);

} // namespace locus::c
