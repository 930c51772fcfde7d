// Dispatch on the file's language: GCL to its pipeline (gcl::compileFile), C to clang and the C lowering,
// whose IR is validated here.
#include "frontend/source.h"

#include "frontend/gcl/frontend.h"
#ifdef LOCUS_WITH_C
#include "frontend/c/frontend.h"
#endif
#include "ir/validate.h"

#include <filesystem>

namespace locus::frontend {

Language languageOf(const std::string &path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".c" || ext == ".h" || ext == ".i" ? Language::C : Language::Gcl; // .i: preprocessed C
}

#ifdef LOCUS_WITH_C
namespace {

/// The C front end's program validated (the GCL pipeline validates its own); nullopt with an error otherwise.
std::optional<ir::Program> validated(std::optional<ir::Program> prog, Diagnostics &diags) {
  if (!prog || !ir::validateReporting(*prog, diags))
    return std::nullopt;
  return prog;
}

} // namespace
#endif

std::optional<ir::Program> compileSource(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                         const Options &opts, Timings *timings) {
  Timings local;
  Timings &t = timings ? *timings : local;
  if (languageOf(path) == Language::Gcl) { // the GCL pipeline validates the IR itself
    gcl::FrontendOptions fo;
    fo.importPath = opts.importPath;
    gcl::PhaseTimes gt;
    std::optional<ir::Program> prog = gcl::compileFile(path, sm, diags, fo, &gt);
    t.parseSeconds = gt.parseSeconds;
    t.lowerSeconds = gt.lowerSeconds;
    return prog;
  }
#ifdef LOCUS_WITH_C
  c::Options co;
  co.includeDirs = opts.importPath;
  c::PhaseTimes ct;
  std::optional<ir::Program> prog = c::compileFile(path, sm, diags, co, &ct);
  t.parseSeconds = ct.parseSeconds;
  t.lowerSeconds = ct.lowerSeconds;
  return validated(std::move(prog), diags);
#else
  diags.error({}, "'" + path + "': C files need the C front end, which this build does not include");
  return std::nullopt;
#endif
}

std::optional<ir::Program> compileText(const std::string &path, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const Options &opts) {
  if (languageOf(path) == Language::Gcl) {
    gcl::FrontendOptions fo;
    fo.importPath = opts.importPath;
    return gcl::compileText(path, std::move(text), sm, diags, fo);
  }
#ifdef LOCUS_WITH_C
  c::Options co;
  co.includeDirs = opts.importPath;
  return validated(c::compileText(path, std::move(text), sm, diags, co), diags);
#else
  diags.error({}, "'" + path + "': C files need the C front end, which this build does not include");
  return std::nullopt;
#endif
}

} // namespace locus::frontend
