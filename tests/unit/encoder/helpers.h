// Shared helpers for the encoder tests: compile GCL text, verify an entry on each API solver.
#pragma once

#include "backends/encoder/verify.h"
#include "frontend/gcl/frontend.h"
#include "ir/interp.h"

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

/// The nondet values an interpreter run consumed, read back from its trace ("x = 3", "n = n2", "b = true").
inline std::vector<ir::Value> consumedNondets(const ir::Program &prog, const ir::Outcome &out) {
  ir::StmtIndex index(prog);
  std::vector<ir::Value> vals;
  for (const ir::TraceStep &t : out.trace) {
    const ir::Stmt *s = index.find(t.stmt);
    if (!s || s->kind != ir::Stmt::Nondet || !t.written)
      continue;
    std::string v = t.written->substr(t.written->rfind(" = ") + 3);
    if (v == "true" || v == "false")
      vals.push_back(ir::Value::ofBool(v == "true"));
    else if (v == "null")
      vals.push_back(ir::Value::ofRef(0));
    else if (v[0] == 'n')
      vals.push_back(ir::Value::ofRef(static_cast<uint32_t>(std::stoul(v.substr(1)))));
    else
      vals.push_back(ir::Value::ofInt(*ir::BigInt::parse(v)));
  }
  return vals;
}

} // namespace locus::encoder::testing
