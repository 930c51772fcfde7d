// libFuzzer harness: any bytes, compiled as a C file by the C front end (clang, then our lowering), must give
// diagnostics or IR that passes the validator, never a crash.
#include "frontend/c/frontend.h"
#include "ir/validate.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace locus;
  SourceManager sm;
  Diagnostics diags(sm);
  std::string text(reinterpret_cast<const char *>(data), size);
  // The file lives in a directory that does not exist, so `#include "x.h"` finds nothing next to it.
  std::optional<ir::Program> prog = c::compileText("/nonexistent/locus-fuzz/fuzz.c", std::move(text), sm, diags);
  if (prog && !ir::validate(*prog).empty())
    std::abort(); // the lowering produced IR that breaks an invariant: a bug, reported as a crash
  return 0;
}
