// Dispatch on the file's language; time the phases.
#include "frontend/source.h"

#include "frontend/gcl/frontend.h"
#ifdef LOCUS_WITH_C
#include "frontend/c/frontend.h"
#endif
#include "ir/validate.h"

#include <chrono>
#include <filesystem>

namespace locus::frontend {

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::optional<ir::Program> compileGcl(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                      const Options &opts, Timings &t) {
  gcl::FrontendOptions fo;
  fo.importPath = opts.importPath;
  auto t0 = Clock::now();
  std::optional<gcl::Unit> unit = gcl::loadUnit(path, sm, diags, fo);
  t.parseSeconds = since(t0);
  if (!unit) {
    diags.error({}, "cannot read '" + path + "': " + SourceManager::unreadable(path).value_or("read error"));
    return std::nullopt;
  }
  if (diags.hasErrors())
    return std::nullopt;
  t0 = Clock::now();
  std::optional<ir::Program> prog;
  if (gcl::checkUnit(*unit, diags))
    prog = gcl::lowerUnit(*unit, sm);
  t.lowerSeconds = since(t0);
  return prog;
}
} // namespace

Language languageOf(const std::string &path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".c" || ext == ".h" || ext == ".i" ? Language::C : Language::Gcl; // .i: preprocessed C
}

std::optional<ir::Program> compileSource(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                         const Options &opts, Timings *timings) {
  Timings local;
  Timings &t = timings ? *timings : local;
  std::optional<ir::Program> prog;
  switch (languageOf(path)) {
  case Language::Gcl: prog = compileGcl(path, sm, diags, opts, t); break;
  case Language::C: {
#ifdef LOCUS_WITH_C
    c::Options co;
    co.includeDirs = opts.importPath;
    c::PhaseTimes ct;
    prog = c::compileFile(path, sm, diags, co, &ct);
    t.parseSeconds = ct.parseSeconds;
    t.lowerSeconds = ct.lowerSeconds;
    break;
#else
    diags.error({}, "'" + path + "': C files need the C front end, which this build does not include");
    return std::nullopt;
#endif
  }
  }
  if (!prog)
    return std::nullopt;
  auto errors = ir::validate(*prog);
  for (const auto &e : errors)
    diags.error({},
                "internal error: invalid IR: " + (e.proc.empty() ? "" : "in '" + e.proc + "': ") + e.message);
  if (!errors.empty())
    return std::nullopt;
  return prog;
}

} // namespace locus::frontend
