// The GCL front end end to end: load (parse + imports), check, lower, validate.
#include "frontend/gcl/frontend.h"
#include "frontend/gcl/loader.h"
#include "ir/validate.h"

namespace locus::gcl {

namespace {

std::optional<ir::Program> finish(Unit &unit, SourceManager &sm, Diagnostics &diags, size_t errorsBefore) {
  if (diags.errorCount() != errorsBefore || !checkUnit(unit, diags))
    return std::nullopt;
  ir::Program prog = lowerUnit(unit, sm, &diags);
  if (diags.errorCount() != errorsBefore)
    return std::nullopt;
  auto errors = ir::validate(prog);
  for (const auto &e : errors)
    diags.error({},
                "internal error: invalid IR: " + (e.proc.empty() ? "" : "in '" + e.proc + "': ") + e.message);
  if (!errors.empty())
    return std::nullopt;
  return prog;
}

} // namespace

std::optional<ir::Program> compileFile(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                       const FrontendOptions &opts) {
  size_t before = diags.errorCount();
  std::optional<Unit> unit = loadUnit(path, sm, diags, opts);
  if (!unit) {
    diags.error({}, "cannot read '" + path + "': " + SourceManager::unreadable(path).value_or("read error"));
    return std::nullopt;
  }
  return finish(*unit, sm, diags, before);
}

std::optional<ir::Program> compileText(const std::string &displayPath, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const FrontendOptions &opts) {
  size_t before = diags.errorCount();
  uint32_t file = sm.add(displayPath, std::move(text));
  Unit unit = loadUnitFromFile(file, sm, diags, opts);
  return finish(unit, sm, diags, before);
}

} // namespace locus::gcl
