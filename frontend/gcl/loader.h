// Private to frontend/gcl: loading a unit whose main file is already registered in the SourceManager.
#pragma once

#include "frontend/gcl/frontend.h"

namespace locus::gcl {

/// Like loadUnit, for a main file already in `sm` (in-memory text for compileText, tests, fuzzing).
/// Its imports resolve relative to the directory of its display path.
Unit loadUnitFromFile(uint32_t mainFile, SourceManager &sm, Diagnostics &diags,
                      const FrontendOptions &opts = {});

/// The directories searched for `import "name";` after the importing file's directory: the options'
/// importPath, then standardLibraryDirs().
std::vector<std::string> stdlibSearchPath(const FrontendOptions &opts);

} // namespace locus::gcl
