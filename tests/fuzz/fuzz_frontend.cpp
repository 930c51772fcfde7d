// libFuzzer harness: any bytes, compiled as a GCL file, must give diagnostics or IR, never a crash.
#include "frontend/gcl/frontend.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace locus;
  SourceManager sm;
  Diagnostics diags(sm);
  gcl::FrontendOptions opts;
  // Imports must fail cleanly (and not read the real stdlib or files next to the working directory):
  // the file lives in, and the import path points at, directories that do not exist.
  opts.importPath = {"/nonexistent/locus-fuzz-imports"};
  std::string text(reinterpret_cast<const char *>(data), size);
  (void)gcl::compileText("/nonexistent/locus-fuzz/fuzz.gcl", std::move(text), sm, diags, opts);
  return 0;
}
