// Unit tests of frontend::compileSource on GCL files: it runs the GCL pipeline (gcl::compileFile), so the
// lowering's errors reach the diagnostics as they do for gcl::compileText.
#include "frontend/source.h"

#include "tests/unit/temp_dir.h"

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

using namespace locus;

namespace {

struct Result {
  std::optional<ir::Program> prog;
  std::string errors;
};

Result compileFileText(const std::string &text) {
  testing::TempDir dir("locus-source");
  std::string path = (dir.path() / "p.gcl").string();
  std::ofstream(path) << text;
  SourceManager sm;
  Diagnostics diags(sm);
  Result r;
  r.prog = frontend::compileSource(path, sm, diags);
  std::ostringstream os;
  diags.print(os, false);
  r.errors = os.str();
  return r;
}

} // namespace

TEST_CASE("compileSource compiles a GCL file") {
  Result r = compileFileText("proc f(x: int) returns (r: int) {\n  r := x + 1;\n}\n");
  INFO(r.errors);
  REQUIRE(r.prog.has_value());
  CHECK(r.errors.empty());
  CHECK(r.prog->procIndex("f") != ir::kNone);
}

TEST_CASE("compileSource reports the GCL lowering's errors") {
  // Printed IR whose statement lists more expression ranges than it has expression nodes: the lowering
  // reports it (the binary once lowered GCL without the lowering's diagnostics and accepted this file).
  Result r = compileFileText("proc f(x: int) returns (r: int) @\"f.gcl\" 1:6\n{\n"
                             "  #1 @2:3 r := x + 1;  ^1 2:3+11 (2:8+5 2:8+1 2:12+1 _ 2:3+1)\n}\n");
  CHECK_FALSE(r.prog.has_value());
  CHECK(r.errors.find("5 expression ranges for a statement with 4 expression nodes") != std::string::npos);
}

TEST_CASE("compileSource reports an unreadable GCL file") {
  SourceManager sm;
  Diagnostics diags(sm);
  frontend::Timings t;
  CHECK_FALSE(frontend::compileSource("/nonexistent/locus/p.gcl", sm, diags, {}, &t).has_value());
  std::ostringstream os;
  diags.print(os, false);
  CHECK(os.str().find("cannot read '/nonexistent/locus/p.gcl'") != std::string::npos);
}
