// Shared helpers for the encoder tests: compile GCL text, verify an entry on each API solver.
#pragma once

#include "backends/encoder/verify.h"
#include "frontend/gcl/frontend.h"

#include <doctest/doctest.h>

#include <iostream>
#include <string>
#include <vector>

namespace locus::encoder::testing {

using backends::apiSolvers;

inline ir::Program compile(const std::string &text) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> p = gcl::compileText("test.gcl", text, sm, diags);
  if (!p) {
    diags.print(std::cerr);
    FAIL("does not compile:\n" << text);
  }
  return *p;
}

} // namespace locus::encoder::testing
