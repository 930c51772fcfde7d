// What parse.cpp hands to lower.cpp: clang locations mapped to ours, and the lowering entry point.
#pragma once

#include "frontend/c/frontend.h"

#include <clang/AST/ASTContext.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <string>

namespace locus::c {

/// Maps clang source locations to ours: the expansion site of a macro, the file registered in the
/// SourceManager (loaded on first use, or clang's buffer when it cannot be read).
class Locator {
public:
  explicit Locator(SourceManager &sm) : sm_(sm) {}
  SourceLoc get(const clang::SourceManager &csm, clang::SourceLocation l);
  SourceManager &sources() { return sm_; }

private:
  SourceManager &sm_;
  std::map<std::string, uint32_t> byName_;
};

/// Lowers a translation unit clang parsed without errors. Unsupported constructs go to `diags`
/// (one per function at most); nullopt when any was reported.
std::optional<ir::Program> lowerUnit(clang::ASTContext &ctx, Locator &locator, Diagnostics &diags);

} // namespace locus::c
