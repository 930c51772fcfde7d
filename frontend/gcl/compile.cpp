// The GCL front end end to end: load (parse + imports), check, lower, validate.
#include "frontend/gcl/frontend.h"
#include "frontend/gcl/loader.h"
#include "ir/validate.h"

#include <map>

namespace locus::gcl {

namespace {

/// Printed-IR statement tags must be unique in the whole unit (they become IR statement ids).
bool checkTags(const Unit &unit, Diagnostics &diags) {
  std::map<ir::StmtId, SourceLoc> seen;
  bool ok = true;
  auto visit = [&](auto &self, const Stmt &s) -> void {
    if (s.tagId) {
      auto [it, fresh] = seen.emplace(*s.tagId, s.loc);
      if (!fresh) {
        diags.error(s.loc, "duplicate statement id #" + std::to_string(*s.tagId));
        diags.note(it->second, "previous use is here");
        ok = false;
      }
    }
    if (s.inner)
      self(self, *s.inner);
    for (const Block *b : {s.then.get(), s.elseBlock.get()})
      if (b)
        for (const auto &c : b->stmts)
          self(self, *c);
  };
  for (const auto &m : unit.modules)
    for (const auto &p : m->procs) {
      for (const Contract &c : p->contracts)
        if (c.block)
          for (const auto &s : c.block->stmts)
            visit(visit, *s);
      if (p->body)
        for (const auto &s : p->body->stmts)
          visit(visit, *s);
    }
  return ok;
}

std::optional<ir::Program> finish(Unit &unit, SourceManager &sm, Diagnostics &diags, size_t errorsBefore) {
  if (diags.errorCount() != errorsBefore || !checkUnit(unit, diags) || !checkTags(unit, diags))
    return std::nullopt;
  ir::Program prog = lowerUnit(unit, sm);
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
    diags.error({}, "cannot read '" + path + "'");
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
