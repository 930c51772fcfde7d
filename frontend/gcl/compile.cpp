// The GCL front end end to end: load (parse + imports), check, lower, validate.
#include "frontend/gcl/frontend.h"
#include "frontend/gcl/loader.h"
#include "ir/validate.h"

#include <chrono>

namespace locus::gcl {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::optional<ir::Program> finish(Unit &unit, SourceManager &sm, Diagnostics &diags, size_t errorsBefore,
                                  PhaseTimes &times) {
  if (diags.errorCount() != errorsBefore)
    return std::nullopt;
  auto t0 = Clock::now();
  std::optional<ir::Program> prog;
  if (checkUnit(unit, diags))
    prog = lowerUnit(unit, sm, &diags);
  times.lowerSeconds = since(t0);
  if (!prog || diags.errorCount() != errorsBefore)
    return std::nullopt;
  if (!ir::validateReporting(*prog, diags))
    return std::nullopt;
  return prog;
}

} // namespace

std::optional<ir::Program> compileFile(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                       const FrontendOptions &opts, PhaseTimes *times) {
  PhaseTimes local;
  PhaseTimes &t = times ? *times : local;
  size_t before = diags.errorCount();
  auto t0 = Clock::now();
  std::optional<Unit> unit = loadUnit(path, sm, diags, opts);
  t.parseSeconds = since(t0);
  if (!unit) {
    diags.error({}, "cannot read '" + path + "': " + SourceManager::unreadable(path).value_or("read error"));
    return std::nullopt;
  }
  return finish(*unit, sm, diags, before, t);
}

std::optional<ir::Program> compileText(const std::string &displayPath, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const FrontendOptions &opts, PhaseTimes *times) {
  PhaseTimes local;
  PhaseTimes &t = times ? *times : local;
  size_t before = diags.errorCount();
  auto t0 = Clock::now();
  uint32_t file = sm.add(displayPath, std::move(text));
  Unit unit = loadUnitFromFile(file, sm, diags, opts);
  t.parseSeconds = since(t0);
  return finish(unit, sm, diags, before, t);
}

} // namespace locus::gcl
